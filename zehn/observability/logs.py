"""Structured logs: one JSON object per line on stderr (python-json-logger), each with the request id when one is
bound. ``ZEHN_LOG_FORMAT=text`` keeps plain messages for a person at a terminal.

Fields: ``time``, ``level``, ``logger``, ``message``, ``request_id`` (null outside a request) and whatever a caller
passes in ``extra=`` (the access log adds ``method``, ``route``, ``status``, ``duration_ms``).
"""

from __future__ import annotations

import logging
import sys
from datetime import UTC, datetime
from typing import Literal, TextIO

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter

from zehn.observability import request_id

LogFormat = Literal["json", "text"]
JSON_FIELDS = ("asctime", "levelname", "name", "message")
RENAMED = {"asctime": "time", "levelname": "level", "name": "logger"}
_HANDLER_NAME = "zehn"


class RequestIdFilter(logging.Filter):
    """Stamps every record with the bound request id (``None`` when no request is in progress)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = request_id.current()
        return True


class _Formatter(JsonFormatter):
    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")


def json_formatter() -> logging.Formatter:
    # uvicorn adds a coloured copy of its messages as an extra; it is noise in JSON
    return _Formatter(list(JSON_FIELDS), rename_fields=RENAMED, json_ensure_ascii=False,
                         reserved_attrs=[*RESERVED_ATTRS, "color_message"])


def configure(fmt: LogFormat = "json", level: int | str = logging.INFO, stream: TextIO | None = None) -> None:
    """Route the root logger (and uvicorn's) through one handler with the chosen format; idempotent."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() == _HANDLER_NAME:
            root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(json_formatter() if fmt == "json" else logging.Formatter("%(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    # our access log (zehn.http) replaces uvicorn's, which would log every request twice without the request id
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)
