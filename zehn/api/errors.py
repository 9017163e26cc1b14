"""Errors as HTTP answers: one JSON shape, a status code per kind of failure, never a stack trace.

========================================  ======  ===========================================================
raised                                    status  body ``status`` / ``kind``
========================================  ======  ===========================================================
request validation, ``Rejected``          422     rejected / invalid_input, rejected
``Unauthorized`` (no or a wrong token)    401     rejected / unauthorized (with WWW-Authenticate: Bearer)
``Forbidden`` (the token may not do it)   403     rejected / forbidden
``TooLarge`` (request body over the cap)  413     rejected / too_large
``RateLimited``                           429     rejected / rate_limited (with Retry-After)
an untrusted Host header                  400     rejected / untrusted_host (zehn/api/guard.py)
``NotFound``                              404     not_found
``Unavailable`` (graph or model down)     503     unavailable / unavailable, timeout, model_unavailable,
                                                  warming_up (indexes still building); every 503 has Retry-After
``GraphNotIngested``, ``MissingIndex``    503     unavailable / not_ingested, missing_index (run the ingest)
a redis error that escaped a read         503     unavailable (mapped like the named queries map it)
any other ``ZehnError``                   500     error / policy_violation, error (message only)
anything else                             500     error / internal (no detail: it is logged server-side)
========================================  ======  ===========================================================
"""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from extraction.errors import Forbidden, RateLimited, Rejected, TooLarge, Unauthorized, Unavailable, ZehnError
from traversal_policy import GraphNotIngested, MissingIndex, QueryFailed
from traversal_policy.outcomes import failure_kind
from traversal_policy.runner import map_error
from zehn.api.inputs import rule_for

log = logging.getLogger("zehn.api")
RETRY_AFTER_S = 2  # a 503 says when to try again: a restart or an index build is usually seconds away


class NotFound(ZehnError):
    """An id (answer, evidence, document) that does not exist."""


ACCESS_ERRORS: tuple[tuple[type[ZehnError], int, str], ...] = (
    (Unauthorized, 401, "unauthorized"), (Forbidden, 403, "forbidden"), (TooLarge, 413, "too_large"),
    (RateLimited, 429, "rate_limited"),
)
# What a status means when a framework (not ZEHN) raised it, e.g. the body cap raising while FastAPI reads a body.
HTTP_KINDS = {401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
              413: "too_large", 429: "rate_limited"}


class ErrorOut(BaseModel):
    status: str
    kind: str
    message: str
    retriable: bool = False


def error_body(exc: ZehnError) -> tuple[int, ErrorOut]:
    """Status code and body for one of ZEHN's errors."""
    kind = failure_kind(exc)
    if isinstance(exc, NotFound):
        return 404, ErrorOut(status="not_found", kind="not_found", message=str(exc))
    for cls, code, name in ACCESS_ERRORS:
        if isinstance(exc, cls):
            return code, ErrorOut(status="rejected", kind=name, message=str(exc))
    if isinstance(exc, Rejected):
        return 422, ErrorOut(status="rejected", kind=kind, message=str(exc))
    if isinstance(exc, Unavailable | GraphNotIngested | MissingIndex):
        return 503, ErrorOut(status="unavailable", kind=kind, message=str(exc), retriable=True)
    return 500, ErrorOut(status="error", kind=kind, message=str(exc))


def error_headers(exc: ZehnError, status: int) -> dict[str, str] | None:
    """The headers a status needs: when to retry (503, 429), how to authenticate (401)."""
    if status == 503:
        return {"Retry-After": str(RETRY_AFTER_S)}
    if isinstance(exc, RateLimited):
        return {"Retry-After": str(exc.retry_after_s)}
    if status == 401:
        return {"WWW-Authenticate": "Bearer"}
    return None


def error_response(exc: ZehnError) -> JSONResponse:
    """The HTTP answer for one of ZEHN's errors (the handlers and the guard middleware share it)."""
    status, body = error_body(exc)
    if status == 500:
        log.error("request failed: %s: %s", type(exc).__name__, exc)
    return JSONResponse(status_code=status, content=body.model_dump(), headers=error_headers(exc, status))


def raise_failed(outcome: QueryFailed) -> None:
    """A named query that could not run becomes its error (mapped by the handlers), never an empty result."""
    raise outcome.error


def _json(status: int, body: ErrorOut, extra: dict[str, Any] | None = None) -> JSONResponse:
    headers = {"Retry-After": str(RETRY_AFTER_S)} if status == 503 else None
    return JSONResponse(status_code=status, content={**body.model_dump(), **(extra or {})}, headers=headers)


async def _zehn_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ZehnError)
    return error_response(exc)


async def _redis_error(_request: Request, exc: Exception) -> JSONResponse:
    mapped = map_error(exc, "-") if isinstance(exc, redis.exceptions.RedisError | OSError) else None
    if mapped is None:
        return await _unexpected(_request, exc)
    return await _zehn_error(_request, mapped)


def _message(error: Any) -> str:
    """Pydantic's message, with a pattern replaced by the rule it stands for (never the raw regex or the input)."""
    rule = rule_for((error.get("ctx") or {}).get("pattern"))
    return rule or str(error.get("msg", "invalid"))


async def _validation(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    parts = [f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body')}: {_message(e)}" for e in errors]
    body = ErrorOut(status="rejected", kind="invalid_input", message="; ".join(parts) or "invalid input")
    detail = [{"loc": list(e.get("loc", ())), "msg": _message(e), "type": e.get("type")} for e in errors]
    return _json(422, body, {"detail": jsonable_encoder(detail)})


async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    return _json(500, ErrorOut(status="error", kind="internal", message="internal error (see the server log)"))


def install(app: FastAPI) -> None:
    app.add_exception_handler(ZehnError, _zehn_error)
    app.add_exception_handler(redis.exceptions.RedisError, _redis_error)
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(Exception, _unexpected)
