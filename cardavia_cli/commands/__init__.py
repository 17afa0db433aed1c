"""Thin Typer command modules: parse options, call the engine or a game, print.

Each module builds its Typer app or commands; :mod:`cardavia_cli.app` registers them. Game
packages are imported inside the command functions, never at import time.
"""
