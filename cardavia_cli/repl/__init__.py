"""The interactive REPL, written once for every game (cli.md "The REPL", design.md rule 7).

* :mod:`.session` is the loop: it lets the computer players and the forced answers run, asks
  the person at seat 0 for a command and dispatches it; :mod:`.keeper` keeps the saves
  (targets, autosave, overwrite confirmation), :mod:`.narrator` what the person has been told
  (narration, forced-answer marks, ``log``), :mod:`.settings` the game's on/off settings;
* :mod:`.commands` is the one command registry (a decorator with verb, aliases, usage and
  help), typed against a protocol of the session; help text, completion and the toolbar are
  generated from it;
* :mod:`.hooks` finds what a game package provides for the REPL (its ``repl`` module's ``UI``,
  a :class:`~cardavia_cli.engine.ui.GameUI`: rendering a seat's view, the prompt, card
  completion, safeguards, narration, and its own commands and settings, with the base
  class's defaults for what a game leaves out);
* :mod:`.completion` completes verbs and the cards that fit;
* :mod:`.reader` reads commands: prompt_toolkit on a terminal, a plain line reader for pipes;
* :mod:`.output` holds the values handlers return and :mod:`.render` is the one place that
  prints them; :mod:`.text` holds text helpers. Where saves go and how they are written is
  the engine's (:mod:`cardavia_cli.engine.saves`), shared with the commands.

Nothing here knows the rules of a particular game.
"""
