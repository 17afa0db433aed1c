"""cardavia: traditional card games at a table of four, in the terminal.

The package is layered: ``commands`` and ``repl`` use ``games``, which use ``engine``.
Importing this package imports nothing else, so ``cardavia --help`` stays fast.
"""

__version__ = "0.1.0"
