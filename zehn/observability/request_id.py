"""The request id of the work in progress: taken from an incoming ``X-Request-ID`` or generated, kept in a
context variable so log lines, the answer object and the response header all carry the same id.

A worker thread sees it when started through ``contextvars.copy_context().run`` (Starlette's threadpool does this).
"""

from __future__ import annotations

import re
import uuid
from contextvars import ContextVar

HEADER = "X-Request-ID"
MAX_CHARS = 128
# What we accept from a caller: printable, no spaces or quotes (it goes into headers and log lines verbatim).
_ACCEPTABLE = re.compile(rf"[A-Za-z0-9._:/+=@-]{{1,{MAX_CHARS}}}")

_current: ContextVar[str | None] = ContextVar("zehn_request_id", default=None)


def new_request_id() -> str:
    return uuid.uuid4().hex


def accept(incoming: str | None) -> str:
    """The caller's id when it is a plausible one, else a fresh id (a bad header is replaced, not rejected)."""
    if incoming is not None and _ACCEPTABLE.fullmatch(incoming):
        return incoming
    return new_request_id()


def current() -> str | None:
    return _current.get()


def bind(request_id: str) -> None:
    """Set the id for the current context (a request's task, or a worker thread's copied context)."""
    _current.set(request_id)


def current_or_new() -> str:
    """The bound id, or a fresh one bound now (MCP over stdio and the CLI have no incoming header)."""
    found = _current.get()
    if found is None:
        found = new_request_id()
        _current.set(found)
    return found
