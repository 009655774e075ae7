"""Tests of tutorial.engine, one module per part of the rules reading; helpers and an
independent referee beside them."""
