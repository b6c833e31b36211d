"""How the HTTP API reads a JSON body, and how it answers one it refuses.

FastAPI reads a body whole and with ``json.loads``; ours is read with a size
bound (``413`` past it, announced or not) and decoded by the records' hardened
decoder (``core.records.decode_json``: no deep nesting, huge numbers or NaN),
before the route's pydantic model (``routes.bodies``) validates it. Every
body is read as JSON whatever its content type says (``curl -d`` calls it a
form), as it always was: the API takes nothing else.

What FastAPI would answer ``422`` with a list of pydantic errors is answered
``400 {"detail": "<one sentence>"}``: the shape the clients read
(``web/static/js/api.js`` shows ``detail``), with no traceback and no echo of
the input.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.types import Receive, Scope

from tricktaker.core.errors import RecordError
from tricktaker.core.records import decode_json
from tricktaker.server.config import Settings


def bad(message: str, status: int = 400) -> HTTPException:
    """The API's refusal: ``{"detail": message}`` with ``status``."""
    return HTTPException(status_code=status, detail=message)


class BoundedJSONRequest(Request):
    """A request whose body is read up to ``limit`` bytes and decoded by ``decode_json``."""

    def __init__(self, scope: Scope, receive: Receive, limit: int) -> None:
        super().__init__(scope, receive)
        self.limit = limit
        self._read: bytes | None = None
        self._decoded: tuple[Any] | None = None
        self._json_headers: Headers | None = None

    @property
    def headers(self) -> Headers:
        """The headers, with the content type of a JSON body, so FastAPI reads every body
        through :meth:`json` whatever the client called it."""
        if self._json_headers is None:
            given = {k: v for k, v in super().headers.items() if k != "content-type"}
            self._json_headers = Headers({**given, "content-type": "application/json"})
        return self._json_headers

    def _too_large(self) -> HTTPException:
        return bad(f"the request is larger than {self.limit:,} bytes", 413)

    async def body(self) -> bytes:
        if self._read is None:
            size = self.headers.get("content-length")
            if size is not None and (not size.isdigit() or int(size) > self.limit):
                raise self._too_large()
            read = bytearray()
            async for chunk in self.stream():
                read += chunk
                if len(read) > self.limit:
                    raise self._too_large()
            self._read = bytes(read)
        return self._read

    async def json(self) -> Any:
        if self._decoded is None:
            try:
                self._decoded = (decode_json((await self.body()).decode("utf-8")),)
            except UnicodeDecodeError:
                raise bad("the request is not UTF-8 text") from None
            except RecordError as exc:
                raise bad(str(exc)) from None
        return self._decoded[0]


Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class UploadRoute(APIRoute):
    """A route whose body may hold a saved record: up to ``Settings.max_upload_bytes``."""

    @staticmethod
    def body_limit(settings: Settings) -> int:
        return settings.max_upload_bytes

    def get_route_handler(self) -> Handler:
        handle = super().get_route_handler()
        limit = self.body_limit

        async def read_bounded(request: Request) -> Response:
            settings: Settings = request.app.state.context.settings
            return await handle(BoundedJSONRequest(request.scope, request.receive, limit(settings)))

        return read_bounded


class MessageRoute(UploadRoute):
    """A route whose body is a small request: four WebSocket messages' worth at most."""

    @staticmethod
    def body_limit(settings: Settings) -> int:
        return settings.max_message_bytes * 4


#: Pydantic's errors that our models leave to it, in our words (any other: pydantic's).
MUST_BE = {
    "missing": "is missing",
    "dict_type": "must be an object",
    "list_type": "must be a list",
    "string_type": "must be text",
}


def _where(path: Sequence[str | int]) -> str:
    """Where in the body, before the message: ``("seats", 0)`` is ``"seat 0: "``."""
    words = []
    for i, part in enumerate(path):
        if isinstance(part, int):
            continue
        at = path[i + 1] if i + 1 < len(path) else None
        words.append(f"{part.removesuffix('s')} {at}" if isinstance(at, int) else f"'{part}'")
    return ", ".join(words) + ": " if words else ""


def describe(error: Mapping[str, Any]) -> str:
    """One pydantic error as a sentence: ours as it stands (it names its field), pydantic's
    in our words, after where in the body it is."""
    path = list(error.get("loc", ()))
    if path and path[0] in ("body", "query", "path"):
        path = path[1:]
    field = path.pop() if path and isinstance(path[-1], str) else None
    if error.get("type") == "tricktaker":
        return _where(path) + str(error.get("msg", ""))
    if field is None and not path:  # the body itself
        return "send a JSON object" + (
            " (the request has none)" if error.get("type") == "missing" else ""
        )
    what = MUST_BE.get(str(error.get("type")), str(error.get("msg", "is not valid")))
    return _where(path) + (f"'{field}' {what}" if field else what)


async def refused(request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's validation errors, answered as the API answers every bad request."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    message = describe(errors[0]) if errors else "the request is not valid"
    return JSONResponse({"detail": message}, status_code=400)
