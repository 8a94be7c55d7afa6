"""What several test folders share and pytest does not collect: the live-server launcher and the
sample hands. Imported as ``support`` (pytest puts ``tests/`` on ``sys.path``; the benchmarks and
``python -m hostile.live`` put it there themselves)."""
