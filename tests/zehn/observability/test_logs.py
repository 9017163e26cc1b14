"""JSON log lines carry the bound request id; a caller's X-Request-ID is kept only when it is a plausible one."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from zehn.observability import logs, request_id


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    logs.configure("json", "INFO", stream=stream)
    yield stream
    for handler in [h for h in root.handlers if h.get_name() == "zehn"]:
        root.removeHandler(handler)
    root.setLevel(level)


def test_a_json_line_per_record_with_the_request_id(captured: io.StringIO) -> None:
    request_id.bind("req-42")
    logging.getLogger("zehn.test").info("answered %s", "q1", extra={"route": "/api/answers"})
    line = json.loads(captured.getvalue().splitlines()[-1])
    assert line["message"] == "answered q1" and line["level"] == "INFO" and line["logger"] == "zehn.test"
    assert line["request_id"] == "req-42" and line["route"] == "/api/answers"
    assert line["time"].endswith("+00:00")


@pytest.mark.parametrize(("incoming", "kept"), [
    ("abc-123", True), ("trace:9f/span=1", True), (None, False), ("", False), ("has space", False),
    ("x" * 129, False), ("new\nline", False), ('quote"d', False),
])
def test_incoming_request_ids_are_kept_only_when_plausible(incoming: str | None, kept: bool) -> None:
    accepted = request_id.accept(incoming)
    assert (accepted == incoming) is kept
    assert 1 <= len(accepted) <= request_id.MAX_CHARS
