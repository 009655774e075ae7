"""Play a friend: a table for two people by link (the store and the state; pages to come)."""
