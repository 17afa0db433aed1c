"""``python -m cardavia_cli``: the same as the ``cardavia`` command."""

from cardavia_cli.app import main

if __name__ == "__main__":
    main()
