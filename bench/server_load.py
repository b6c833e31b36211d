"""The web server under load: ``tricktaker bench server`` as a script.

    python bench/server_load.py --tables 10 50 200 500 --seconds 20
    python bench/server_load.py --processes 1 2 --tables 200 \\
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test --redis redis://127.0.0.1:6379

Scripted players over real WebSockets against random computers (``--bot-delay 0``);
see ``tricktaker.server.loadtest`` for what is measured and how.
"""

from __future__ import annotations

import sys

from tricktaker.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", "server", *sys.argv[1:]]))
