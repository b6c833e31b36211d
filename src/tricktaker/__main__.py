"""``python -m tricktaker`` runs the command line."""

from tricktaker.cli import main

raise SystemExit(main())
