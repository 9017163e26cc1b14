"""The FastAPI application factory: dependencies injected, errors mapped, the built frontend served at ``/``.

``create_app(services)`` serves over ready-made :class:`Services` (tests build them over a test FalkorDB);
``create_app(provider)`` enters ``provider()`` (a context manager yielding Services) in the lifespan, so
``zehn serve`` starts the graph and loads the models once, at start-up, and stops them at shutdown.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import metadata
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from zehn.access import TokenStore
from zehn.api import (
    errors,
    routes_answers,
    routes_documents,
    routes_graph,
    routes_health,
    routes_ingest,
    routes_metrics,
    routes_openai,
    routes_people,
    routes_tokens,
)
from zehn.api.deps import Services, ServicesProvider
from zehn.api.errors import HTTP_KINDS, ErrorOut
from zehn.api.guard import Guard, document_guard
from zehn.api.middleware import ObservabilityMiddleware
from zehn.settings import Settings

SPA_PATH = "/{path:path}"
API_ROOTS = frozenset({"api", "v1", "mcp", "metrics"})  # never answered with the UI's index.html
DEFAULT_FRONTEND_DIR = Path(__file__).resolve().parents[2] / "frontend" / "dist"
DESCRIPTION = ("Answers questions about company knowledge only when it can cite the exact source sentence; "
               "otherwise it says \"I don't know\". Every answer carries its citations, graded paths, the named "
               "queries that ran and the traversal policy.")


def _version() -> str:
    try:
        return metadata.version("zehn")
    except metadata.PackageNotFoundError:
        return "0.0.0"


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = "not_found" if exc.status_code == 404 else "rejected" if exc.status_code < 500 else "error"
    body = ErrorOut(status=status, kind=HTTP_KINDS.get(exc.status_code, status), message=str(exc.detail))
    return JSONResponse(status_code=exc.status_code, content=body.model_dump(), headers=exc.headers)


def _methods_for(app: FastAPI, path: str) -> list[str]:
    """The methods some API route (not the SPA's catch-all) accepts for ``path``, as Starlette itself matches."""
    routes = [r for r in app.router.routes if getattr(r, "path", None) != SPA_PATH]
    return [method for method in ("GET", "POST", "PUT", "PATCH", "DELETE")
            if any(r.matches({"type": "http", "path": path, "method": method, "root_path": ""})[0] == Match.FULL
                   for r in routes)]


def _mount_frontend(app: FastAPI, dist: Path | None) -> None:
    """SPA: files from ``dist`` when they exist, ``index.html`` for any other non-API path."""
    root = dist.resolve() if dist is not None and (dist / "index.html").is_file() else None

    if root is None:
        @app.get("/", include_in_schema=False)
        def landing() -> JSONResponse:
            return JSONResponse({"name": "ZEHN", "message": "the web UI is not built (cd frontend && npm run build); "
                                 "the API is documented at /docs", "docs": "/docs", "openapi": "/openapi.json",
                                 "health": "/api/health"})
        return

    @app.get(SPA_PATH, include_in_schema=False)
    def spa(path: str) -> FileResponse:
        if path.split("/", 1)[0] in API_ROOTS:
            allowed = _methods_for(app, f"/{path}")
            if allowed:  # an endpoint that exists, asked with the wrong method: 405, as without the SPA
                raise StarletteHTTPException(405, "Method Not Allowed", headers={"Allow": ", ".join(allowed)})
            raise StarletteHTTPException(404, f"no API endpoint /{path}")
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            return FileResponse(candidate)
        return FileResponse(root / "index.html")


def create_app(source: Services | ServicesProvider, *, frontend_dir: Path | None = DEFAULT_FRONTEND_DIR,
               settings: Settings | None = None, tokens: TokenStore | None = None) -> FastAPI:
    """``settings`` (required with a provider; else the services') configure the guard; ``tokens`` defaults to the
    token file of the settings' data dir."""
    from zehn.api import routes_reviews  # here, not at the top: zehn.review builds on zehn.api
    from zehn.mcp.http import PATH as MCP_PATH  # here, not at the top: zehn.mcp builds on zehn.api
    from zehn.mcp.http import MCPEndpoint

    mcp = MCPEndpoint()

    def services() -> Services:
        current: Services = app.state.services
        return current

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if isinstance(source, Services):
            async with mcp.running(services, source.settings.host):
                yield
            return
        context = source()
        app.state.services = await run_in_threadpool(context.__enter__)
        try:
            async with mcp.running(services, app.state.services.settings.host):
                yield
        finally:
            await run_in_threadpool(context.__exit__, None, None, None)

    app = FastAPI(title="ZEHN", version=_version(), description=DESCRIPTION, lifespan=lifespan)
    if isinstance(source, Services):
        app.state.services = source  # also usable without running the lifespan (ASGI transports in tests)
    errors.install(app)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(routes_ingest.UploadsDisabled, routes_ingest.uploads_disabled)
    config = settings if settings is not None else source.settings if isinstance(source, Services) else None
    if config is None:
        raise TypeError("create_app(provider) needs settings= (the guard is configured before the services start)")
    app.state.tokens = tokens or TokenStore(config.data_dir)
    app.add_middleware(Guard, settings=config, tokens=app.state.tokens)
    app.add_middleware(ObservabilityMiddleware)  # outermost: refusals are logged, timed and carry a request id
    for module in (routes_answers, routes_graph, routes_health, routes_metrics, routes_openai, routes_people,
                   routes_documents, routes_ingest, routes_tokens, routes_reviews):
        app.include_router(module.router)
    app.router.routes.append(Route(MCP_PATH, endpoint=mcp))  # MCP streamable HTTP (zehn.mcp.http)
    _mount_frontend(app, frontend_dir)
    _document_access(app)
    return app


def _document_access(app: FastAPI) -> None:
    """Add to the OpenAPI spec what the guard may answer on every API operation (zehn/api/guard.py)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document_guard(generate())
        return app.openapi_schema or generate()

    app.openapi = openapi  # type: ignore[method-assign]
