"""A ``zehn`` command stopped by SIGTERM unwinds: the embedded server it started is stopped, not left behind."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path

import pytest

from tests.zehn.processes import Lines, zehn
from zehn.graph_server.dirlock import INFO_NAME
from zehn.graph_server.process import alive


@pytest.mark.slow
def test_a_terminated_ingest_stops_the_embedded_server_it_started(tmp_path: Path, sample_corpus_dir: Path) -> None:
    corpus = tmp_path / "docs"
    corpus.mkdir()
    shutil.copy(sorted(sample_corpus_dir.glob("*.md"))[0], corpus)
    data = tmp_path / "data"
    ingest = zehn(["ingest", str(corpus), "--data-dir", str(data)], {"ZEHN_TEST_PAUSE_AFTER_STEP": "ready"})
    try:
        Lines(ingest).wait_for("test pause after step", deadline_s=240)  # it owns a running server now
        server_pid = json.loads((data / INFO_NAME).read_text())["server_pid"]
        assert alive(server_pid)
        ingest.send_signal(signal.SIGTERM)
        assert ingest.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        if ingest.poll() is None:
            ingest.send_signal(signal.SIGKILL)
    assert not (data / INFO_NAME).exists()  # the last user left: nothing to attach to or adopt
    assert not alive(server_pid)
