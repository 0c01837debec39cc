"""Browser entry point, run by PyScript (see index.html): start the app."""

import os
import sys

# pyscript.toml copies the game's code here, zipped with its bytecode: importing it from the
# zip skips unpacking and compiling, a good part of the page's start.
sys.path.insert(0, os.path.abspath("python.zip"))

from app import shell

shell.start()
