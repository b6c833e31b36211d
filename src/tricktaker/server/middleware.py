"""What the app does around every request: whose address it is, and the headers that
keep the page from being framed, sniffed or leaking its links.

Both are plain ASGI middleware (``server.app`` adds them), so they cover every
route, the static files and the WebSocket's handshake alike, errors included.

* ``ForwardedFor`` makes the client's address the one a trusted proxy
  forwarded (``--forwarded-allow-ips``, ``security.TrustedProxies``); from any
  other peer the headers are ignored. uvicorn's own reading of them is turned
  off (``server.serve``), so this is the only one.
* ``SecurityHeaders`` adds to every HTTP answer:

  - ``Content-Security-Policy``: scripts, styles, images and connections
    from this origin only (and its own ``ws:``/``wss:`` for the table's
    socket), no plugin, no ``<base>``, and no page may frame this one. The
    page sets ``style`` attributes (a CSS variable on the score sheet and the
    bid grid) from its scripts, so inline style *attributes* are allowed
    (``style-src-attr``); style sheets and every script still come from
    ``/static`` only. The favicon is a ``data:`` SVG.
  - ``X-Frame-Options: DENY`` for browsers that predate ``frame-ancestors``;
  - ``X-Content-Type-Options: nosniff``: an uploaded record served back is
    never taken for a script or a page;
  - ``Referrer-Policy: no-referrer``: a seat's link carries its secret token,
    which must never travel in a ``Referer`` to another site.
"""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktaker.server.security import TrustedProxies

#: A ``Host`` header that may be written into the policy as it stands.
SAFE_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")

#: The policy, without ``connect-src`` (which names the request's own host).
POLICY = (
    "default-src 'self'",
    "script-src 'self'",
    # CSP 1/2 browsers read style-src only; CSP 3 ones read the two after it.
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)

FIXED_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def content_security_policy(host: str | None) -> str:
    """The policy for a page served as ``host``: its socket is ``ws(s)://host`` (older
    browsers do not count those as ``'self'``); a host of any other shape is not named."""
    connect = "connect-src 'self'"
    if host and SAFE_HOST.fullmatch(host):
        connect += f" ws://{host} wss://{host}"
    return "; ".join((*POLICY, connect))


class SecurityHeaders:
    """Adds the security headers to every HTTP response (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = None
        for name, value in scope.get("headers", ()):
            if name == b"host":
                host = value.decode("latin-1")
                break
        policy = content_security_policy(host)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["content-security-policy"] = policy
                for name, value in FIXED_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ForwardedFor:
    """The client's address, as a trusted proxy forwarded it (``TrustedProxies``): set in
    the scope's ``client``, where ``routes.context.address_of`` and the logs read it."""

    def __init__(self, app: ASGIApp, trusted: TrustedProxies) -> None:
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.trusted:
            peer = scope.get("client")
            host = self.trusted.client(peer[0] if peer else None, scope.get("headers", ()))
            if host is not None:
                scope["client"] = (host, 0)
        await self.app(scope, receive, send)
