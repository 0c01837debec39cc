"""Browser entry point, run by PyScript (see index.html): start the app."""

from app import shell

shell.start()
