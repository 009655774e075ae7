"""Test rigs shared by the tests, the benchmarks and the tools: one way to start a server
(:mod:`tests.rig.server`), one HTTP client that sends exactly what it is given
(:mod:`tests.rig.http`), one crawler of the site's links (:mod:`tests.rig.crawl`).

Scripts outside pytest (``benchmarks/web_speed.py``, ``tools/snapshot_pages.py``) put the
repository on ``sys.path`` and import ``tests.rig`` as ``benchmarks/fast_check.py`` imports
``tests.engine.fast_lockstep``; pytest finds it through ``pythonpath = ["."]`` in pyproject.
Nothing here imports the site: a rig takes the app, the server or a ``get`` function.
"""
