"""MCP over streamable HTTP, served by the app at ``/mcp``.

The SDK's session manager can run only once, while an app may be started more than once (tests do), so the
endpoint builds a fresh server and manager for each run of the app's lifespan (:meth:`MCPEndpoint.running`).
Stateless with JSON responses: every request stands alone (no session affinity behind a load balancer), and a
tool result is one JSON body. Bound to a loopback address, requests must carry a loopback ``Host``/``Origin``
(the SDK's DNS-rebinding protection, as its own app factory sets it up).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import Receive, Scope, Send

from zehn.mcp.server import ServicesGetter, build_server

PATH = "/mcp"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def security_for(host: str) -> TransportSecuritySettings | None:
    if host not in LOOPBACK:
        return None
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"])


class MCPEndpoint:
    """The ASGI endpoint mounted at :data:`PATH`; answers 503 while the app is not running."""

    def __init__(self) -> None:
        self._manager: StreamableHTTPSessionManager | None = None

    @asynccontextmanager
    async def running(self, get_services: ServicesGetter, host: str) -> AsyncIterator[None]:
        manager = StreamableHTTPSessionManager(app=build_server(get_services), stateless=True, json_response=True,
                                               security_settings=security_for(host))
        async with manager.run():
            self._manager = manager
            try:
                yield
            finally:
                self._manager = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._manager is None:
            body = json.dumps({"status": "unavailable", "kind": "unavailable", "retriable": True,
                               "message": "the MCP endpoint runs only while the app is started"}).encode()
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self._manager.handle_request(scope, receive, send)
