"""The edge: control characters and blanks are a clean 422 (never FalkorDB's parser message), wrong methods are 405
even with the web UI mounted, and no server path is shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from zehn.api import Services, create_app


@pytest.mark.parametrize("path", ["/api/evidence/ev_00%0000", "/api/documents/doc%00x", "/api/answers/a%1Bb",
                                  "/api/entities?q=led%00ger", "/api/impact?entity_id=service%3Aa%00"])
def test_control_characters_in_ids_and_names_are_a_clean_422(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["kind"] == "invalid_input" and "control characters" in body["message"]
    assert "errMsg" not in response.text and "\\x00" not in response.text and "^[" not in response.text


def test_a_question_with_a_nul_byte_or_nothing_in_it_is_a_clean_422(client: TestClient) -> None:
    for question in ("who owns\x00 ledger?", " \n\t "):
        response = client.post("/api/answers", json={"question": question})
        assert response.status_code == 422 and response.json()["kind"] == "invalid_input", response.text
    assert client.post("/api/answers", json={"question": "Who owns\tthe\nledger?"}).status_code in (200, 503)


def test_wrong_methods_are_405_with_allow_even_behind_the_web_ui(make_services: Callable[..., Services],
                                                                  tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>")
    with TestClient(create_app(make_services(max_calls=0), frontend_dir=tmp_path)) as ui:
        response = ui.get("/api/answers")
        assert response.status_code == 405 and response.headers["allow"] == "POST"
        assert response.json()["kind"] == "method_not_allowed"
        assert ui.get("/api/nothing-here").status_code == 404
        assert ui.get("/some/page").status_code == 200  # the SPA still serves its routes


def test_documents_show_paths_relative_to_the_ingest_root(client: TestClient) -> None:
    found = client.get("/api/documents/lark_jira_ops-412")
    assert found.status_code == 200, found.text
    assert found.json()["path"] == "lark_jira_ops-412.md"
