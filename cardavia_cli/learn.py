"""``python -m cardavia_cli.learn``: the hand models' records, training and scores
(:mod:`cardavia_cli.commands.learn`)."""

from cardavia_cli.commands.learn import main

if __name__ == "__main__":
    main()
