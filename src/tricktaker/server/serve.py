"""``tricktaker serve``: the web app under uvicorn, with its address printed first."""

from __future__ import annotations

import math

import uvicorn

from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.security import TrustedProxies

#: Bot delays accepted on the command line: none to ten seconds.
MAX_BOT_DELAY = 10.0


def serve(
    host: str,
    port: int,
    db: str | None,
    bot_delay: float | None,
    forwarded_allow_ips: str | None = None,
) -> int:
    if bot_delay is not None and not (math.isfinite(bot_delay) and 0 <= bot_delay <= MAX_BOT_DELAY):
        print(f"tricktaker: --bot-delay must be 0 to {MAX_BOT_DELAY:g} seconds")
        return 2
    if not 0 < port < 65536:
        print("tricktaker: --port must be 1 to 65535")
        return 2
    try:
        settings = Settings.from_env(
            database_url=db, bot_delay=bot_delay, forwarded_allow_ips=forwarded_allow_ips
        )
        TrustedProxies.parse(settings.forwarded_allow_ips)
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
        # The app reads proxy headers itself, from --forwarded-allow-ips only
        # (server.middleware); uvicorn's own reading would trust 127.0.0.1 by default.
        proxy_headers=False,
        forwarded_allow_ips="",
    )
    return 0
