"""``tricktaker serve``: the web app under uvicorn, with its address printed first."""

from __future__ import annotations

import math

import uvicorn

from tricktaker.server.app import create_app
from tricktaker.server.config import Settings

#: Bot delays accepted on the command line: none to ten seconds.
MAX_BOT_DELAY = 10.0


def serve(host: str, port: int, db: str | None, bot_delay: float | None) -> int:
    if bot_delay is not None and not (math.isfinite(bot_delay) and 0 <= bot_delay <= MAX_BOT_DELAY):
        print(f"tricktaker: --bot-delay must be 0 to {MAX_BOT_DELAY:g} seconds")
        return 2
    if not 0 < port < 65536:
        print("tricktaker: --port must be 1 to 65535")
        return 2
    try:
        settings = Settings.from_env(database_url=db, bot_delay=bot_delay)
    except ValueError as exc:
        print(f"tricktaker: {exc}")
        return 2
    app = create_app(settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"tricktaker: open http://{shown}:{port}/ in your browser (Ctrl+C stops the server)")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=settings.max_message_bytes,
        log_level="warning",
    )
    return 0
