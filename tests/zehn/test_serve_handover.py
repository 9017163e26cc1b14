"""``zehn ingest`` starts the embedded server; ``zehn serve`` on the same data dir attaches to it. When the ingest
dies (SIGKILL, so nothing of its own shutdown runs), serve takes the server over and keeps answering."""

from __future__ import annotations

import json
import shutil
import signal
import time
from pathlib import Path

import httpx
import pytest

from tests.zehn.processes import Lines, zehn
from zehn.graph_server import free_port
from zehn.graph_server.dirlock import INFO_NAME

QUESTION = {"question": "Who owns the dispatch queue?"}


def _until_ready(url: str, deadline_s: float) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass  # not listening yet
        time.sleep(0.2)  # polling for readiness, bounded by the deadline
    raise AssertionError("zehn serve did not become ready")


@pytest.mark.slow
def test_serve_keeps_answering_when_the_ingest_that_started_the_server_is_killed(
        tmp_path: Path, sample_corpus_dir: Path) -> None:
    corpus = tmp_path / "docs"
    corpus.mkdir()
    for doc in sorted(sample_corpus_dir.glob("*.md"))[:4]:
        shutil.copy(doc, corpus / doc.name)
    data = tmp_path / "data"
    ingest = zehn(["ingest", str(corpus), "--data-dir", str(data)], {"ZEHN_TEST_PAUSE_AFTER_STEP": "ready"})
    port = free_port()
    serve = None
    try:
        Lines(ingest).wait_for("test pause after step", deadline_s=240)  # the ingest owns the server now
        owner = json.loads((data / INFO_NAME).read_text())["owner_pid"]
        assert owner == ingest.pid
        serve = zehn(["serve", "--data-dir", str(data), "--port", str(port)])
        url = f"http://127.0.0.1:{port}"
        _until_ready(url, deadline_s=240)
        assert httpx.post(f"{url}/api/answers", json=QUESTION, timeout=60).status_code == 200

        ingest.send_signal(signal.SIGKILL)  # the owner dies without a word; its server runs on
        ingest.wait(timeout=30)
        deadline = time.monotonic() + 60
        while json.loads((data / INFO_NAME).read_text())["owner_pid"] != serve.pid:
            assert time.monotonic() < deadline, "serve never took the server over"
            time.sleep(0.1)  # polling for the hand-over, bounded by the deadline
        for _ in range(3):
            answer = httpx.post(f"{url}/api/answers", json=QUESTION, timeout=60)
            assert answer.status_code == 200, answer.text
        health = httpx.get(f"{url}/api/health", timeout=10).json()
        assert health["status"] == "ready" and health["supervisor"]["restarts"] == 0  # adopted, never restarted
    finally:
        if ingest.poll() is None:
            ingest.send_signal(signal.SIGKILL)
        if serve is not None:
            serve.send_signal(signal.SIGINT)  # a clean stop: the last user stops the server
            serve.wait(timeout=60)
    assert not (data / INFO_NAME).exists()
