"""Game-independent machinery: errors, seats, the game protocol, deal files, agents, the runner.

The engine never imports a game package; games register themselves by name in
:mod:`cardavia_cli.games` and are imported lazily.
"""
