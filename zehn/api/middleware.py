"""One pure ASGI middleware for every HTTP request: bind the request id, time the request, log it.

- The request id is the caller's ``X-Request-ID`` when it is a plausible one, else a fresh one; it is bound for
  the request (log lines and the answer object carry it) and returned in the ``X-Request-ID`` response header.
- Latency goes into ``zehn_http_request_duration_seconds`` under the *route template* (``/api/evidence/{evidence_id}``),
  so ids in paths never become label values; a path no route matched is counted as ``unmatched``.
- The access log line (``zehn.http``) carries method, route, status and duration in milliseconds.

Pure ASGI rather than ``BaseHTTPMiddleware``: streamed responses (SSE) pass through untouched, and the measured
time runs until the last body chunk is sent.
"""

from __future__ import annotations

import logging
import time

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from zehn.observability import request_id
from zehn.observability.metrics import METRICS, Metrics

log = logging.getLogger("zehn.http")
UNMATCHED = "unmatched"


def route_template(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return scope.get("root_path", "") + path if scope.get("root_path") else path
    return UNMATCHED


class ObservabilityMiddleware:
    def __init__(self, app: ASGIApp, metrics: Metrics = METRICS) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = request_id.accept(Headers(scope=scope).get(request_id.HEADER))
        request_id.bind(rid)
        started = time.perf_counter()
        status = 500  # what the client gets when the app fails before it starts a response

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                MutableHeaders(scope=message)[request_id.HEADER] = rid
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            route = route_template(scope)
            method = str(scope.get("method", ""))
            self.metrics.observe_request(method, route, status, seconds)
            log.info("%s %s %d %.1fms", method, route, status, seconds * 1000.0,
                     extra={"method": method, "route": route, "status": status,
                            "duration_ms": round(seconds * 1000.0, 3)})
