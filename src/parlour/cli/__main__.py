"""`python -m parlour.cli` is the `parlour` command."""

from parlour.cli.entry import main

main()
