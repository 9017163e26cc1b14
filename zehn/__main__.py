"""``python -m zehn`` is the ``zehn`` command (for environments where the console script is not on PATH)."""

from zehn.cli import main

main()
