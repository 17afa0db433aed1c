"""Game-independent machinery: errors, seats, the game protocol, agents, the runner, and the
records: deal files (:mod:`.dealfile`), saves (:mod:`.saves`), the scores ledger
(:mod:`.ledger`), used alike by the commands and the REPL.

The engine never imports a game package; games register themselves by name in
:mod:`cardavia_cli.games` and are imported lazily.
"""
