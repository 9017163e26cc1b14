"""The door: one pure ASGI middleware that every HTTP request passes before any route sees it.

Steps, in order (the first that refuses answers, in the API's error shape):

1. ``/api/health/live`` passes untouched (liveness must answer whatever else is wrong).
2. Host: the ``Host`` header must name a trusted host (``ZEHN_TRUSTED_HOSTS``; loopback names by default), else 400
   ``untrusted_host``: a page on another site cannot drive a local ZEHN through DNS rebinding.
3. Size: a ``Content-Length`` over the cap is 413 before anything is read; a body without one is counted while it
   streams in and refused (413) as soon as it passes the cap (``ZEHN_MAX_REQUEST_BYTES``, uploads
   ``ZEHN_MAX_UPLOAD_BYTES``), so no body is ever read whole first.
4. Who: a bearer token is looked up in the token store (:mod:`zehn.access.tokens`). Where tokens are required
   (ZEHN listens beyond loopback, or ``ZEHN_REQUIRE_TOKEN``) every API path (``/api``, ``/v1``, ``/mcp``,
   ``/metrics``) without a valid one is 401. On loopback otherwise, a request without a valid token is the
   anonymous caller (it reads what everyone may read; OpenAI clients always send some key, so an unknown one is
   not an error there), and every write still needs a valid token (:mod:`zehn.api.auth`, 401). The UI's own
   files stay public: a browser cannot send a bearer header to load a page, and they hold no data.
5. How often: each caller (a token's name, or the anonymous caller per client address) is rate limited on the API
   paths (``ZEHN_RATE_LIMIT``); over it is 429 with ``Retry-After``.

The caller is left in the request's state (:func:`zehn.access.caller.caller_of`), where the routes' dependencies
and the MCP handlers read it; writes additionally need a token (:mod:`zehn.api.auth`).
"""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from extraction.errors import RateLimited, TooLarge, Unauthorized, ZehnError
from zehn.access import ANONYMOUS, TokenStore
from zehn.access.caller import CALLER_KEY
from zehn.access.ratelimit import RateLimits
from zehn.api.errors import ErrorOut, error_response
from zehn.settings import Settings

LIVE_PATH = "/api/health/live"
API_ROOTS = ("/api", "/v1", "/mcp", "/metrics")
UPLOAD_PATHS = frozenset({"/api/ingest"})
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
NO_TOKEN = ("send 'Authorization: Bearer <token>' (ZEHN is listening beyond loopback or ZEHN_REQUIRE_TOKEN is "
            "set; an admin creates tokens with `zehn token create NAME`)")


def is_loopback(host: str) -> bool:
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def token_required(settings: Settings) -> bool:
    return settings.require_token or not is_loopback(settings.host)


def is_api(path: str) -> bool:
    return any(path == root or path.startswith(root + "/") for root in API_ROOTS)


def host_name(header: str | None) -> str | None:
    """The host of a Host header, without port or IPv6 brackets, lowercased; None when absent or malformed."""
    if not header:
        return None
    value = header.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 1 else None
    name = value.rsplit(":", 1)[0] if value.count(":") == 1 else value
    return name or None


def host_trusted(name: str | None, trusted: list[str]) -> bool:
    if name is None:
        return False
    for pattern in (t.strip().lower().strip("[]") for t in trusted):
        if pattern == "*" or pattern == name:
            return True
        if pattern.startswith("*.") and name.endswith(pattern[1:]):
            return True
    return False


def _bearer(headers: Headers) -> str | None:
    value = headers.get("authorization")
    if value is None:
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else ""


class Guard:
    def __init__(self, app: ASGIApp, settings: Settings, tokens: TokenStore) -> None:
        self.app = app
        self.settings = settings
        self.tokens = tokens
        self.limits = RateLimits(settings.rate_limit)
        self.required = token_required(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] == LIVE_PATH:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not host_trusted(host_name(headers.get("host")), self.settings.trusted_hosts):
            body = ErrorOut(status="rejected", kind="untrusted_host",
                            message="the Host header names a host this server does not serve (ZEHN_TRUSTED_HOSTS)")
            await JSONResponse(body.model_dump(), status_code=400)(scope, receive, send)
            return
        cap = self.settings.max_upload_bytes if scope["path"] in UPLOAD_PATHS else self.settings.max_request_bytes
        refused = self._admit(scope, headers, cap)
        if refused is not None:
            await error_response(refused)(scope, receive, send)
            return
        await self._capped(scope, receive, send, cap)

    def _admit(self, scope: Scope, headers: Headers, cap: int) -> ZehnError | None:
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > cap):
            return TooLarge(f"the request body is over {cap} bytes")
        api = is_api(scope["path"])
        caller = ANONYMOUS
        token = _bearer(headers)
        record = self.tokens.verify(token) if token else None
        if record is not None:
            caller = record.caller()
        elif api and self.required:
            if token:
                return Unauthorized("the bearer token is not valid (revoked, mistyped, or for another data dir)")
            return Unauthorized(f"a token is required: {NO_TOKEN}")
        if api and self.limits.enabled:
            client = (scope.get("client") or ("-", 0))[0]
            key = caller.name if caller.authenticated else f"anonymous@{client}"
            wait = self.limits.hit(f"{'token' if caller.authenticated else 'anon'}:{key}")
            if wait is not None:
                return RateLimited(f"too many requests from {key} (limit {self.limits.describe()}); retry in "
                                   f"{wait}s", wait)
        scope.setdefault("state", {})[CALLER_KEY] = caller
        return None

    async def _capped(self, scope: Scope, receive: Receive, send: Send, cap: int) -> None:
        """Run the app with the body counted as it streams: past the cap, reading it raises 413, and a response the
        app starts after that is replaced by the 413 (an app that catches the error must not answer otherwise)."""
        seen = 0
        over = False
        started = False
        replaced = False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    over = True
                    raise HTTPException(413, f"the request body is over {cap} bytes")
            return message

        async def sending(message: Message) -> None:
            nonlocal started, replaced
            if replaced:
                return  # the rest of the app's own answer, after the 413 went out instead
            if over and not started:
                started = replaced = True
                await error_response(TooLarge(f"the request body is over {cap} bytes"))(scope, receive, send)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except Exception:
            if not (over and not started):
                raise
            await error_response(TooLarge(f"the request body is over {cap} bytes"))(scope, receive, send)


GUARD_RESPONSES: dict[str, dict[str, Any]] = {
    "400": {"description": "untrusted_host: the Host header is not in ZEHN_TRUSTED_HOSTS"},
    "401": {"description": "unauthorized: a token is required (beyond loopback, for writes) or the token is not "
                           "valid", "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}}},
    "429": {"description": "rate_limited: too many requests from this caller",
            "headers": {"Retry-After": {"schema": {"type": "integer"}}}},
}
TOO_LARGE: dict[str, Any] = {"description": "too_large: the request body is over ZEHN_MAX_REQUEST_BYTES"}
BEARER_SCHEME = {"type": "http", "scheme": "bearer", "description": "An API token (`zehn token create NAME`): "
                 "required beyond loopback and for every write; without one a loopback caller reads what "
                 "everyone may read."}


def document_guard(schema: dict[str, Any]) -> None:
    """Add the guard's answers (400, 401, 413 with a body, 429, in the API's error shape) to every API operation of
    an OpenAPI ``schema``, in place, and declare the bearer scheme."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}}
    components = schema.setdefault("components", {})
    components.setdefault("securitySchemes", {}).setdefault("HTTPBearer", BEARER_SCHEME)
    for path, operations in schema.get("paths", {}).items():
        if not is_api(path) or path == LIVE_PATH:
            continue
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            extra = {**GUARD_RESPONSES, **({"413": TOO_LARGE} if "requestBody" in operation else {})}
            for code, response in extra.items():
                responses.setdefault(code, {**response, **error})
