"""The two CLI commands, run through a local typer app (isolated from the rest of zehn.cli)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import typer
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
OWN = "ev_0a1b2c3d4e5f6789"


def load_cmds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_cmds_under_test", ROOT / "zehn/cli/verify_cmds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_app() -> typer.Typer:
    app = typer.Typer()
    load_cmds().register(app)
    return app


def write_inputs(tmp_path: Path, draft: str) -> tuple[Path, Path]:
    draft_file = tmp_path / "draft.txt"
    draft_file.write_text(draft, encoding="utf-8")
    evidence_file = tmp_path / "evidence.json"
    evidence_file.write_text(json.dumps([{"id": OWN, "text": "ledger-sync is owned by the Payments team.",
                                          "document_id": "doc_1"}]), encoding="utf-8")
    return draft_file, evidence_file


def run_verify(tmp_path: Path, draft: str) -> dict[str, object]:
    draft_file, evidence_file = write_inputs(tmp_path, draft)
    result = CliRunner().invoke(make_app(), ["verify-draft", "--draft", str(draft_file), "--evidence",
                                             str(evidence_file), "--json"])
    assert result.exit_code == 0, result.output
    payload: dict[str, object] = json.loads(result.output)
    return payload


def test_verify_draft_answered(tmp_path: Path) -> None:
    payload = run_verify(tmp_path, f"The Payments team owns ledger-sync [{OWN}].")
    assert payload["status"] == "answered"
    assert payload["citations"] == [OWN]
    assert {"status", "reason", "offending", "citations"} <= set(payload)


def test_verify_draft_refused_names_offending_ids(tmp_path: Path) -> None:
    payload = run_verify(tmp_path, "The Payments team owns ledger-sync [ev_0a1b2c3d4e5f6788].")
    assert payload["status"] == "refused"
    assert payload["offending"] == ["ev_0a1b2c3d4e5f6788"]


def test_verify_draft_abstained(tmp_path: Path) -> None:
    assert run_verify(tmp_path, "I don't know.")["status"] == "abstained"


def test_verify_draft_rejects_bad_evidence_file(tmp_path: Path) -> None:
    draft_file, evidence_file = write_inputs(tmp_path, "x")
    evidence_file.write_text('{"id": "not a list"}', encoding="utf-8")
    result = CliRunner().invoke(make_app(), ["verify-draft", "--draft", str(draft_file), "--evidence",
                                             str(evidence_file), "--json"])
    assert result.exit_code != 0


def test_grade_hop_json() -> None:
    result = CliRunner().invoke(make_app(), [
        "grade-hop", "--sentence", "ledger-sync is owned by the Payments team.", "--subject", "Payments team",
        "--object", "ledger-sync", "--rel-type", "OWNS", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"grade": "source_backed", "reasons": ["predicate_on_path:own"]}


def test_grade_hop_metadata_kind() -> None:
    result = CliRunner().invoke(make_app(), [
        "grade-hop", "--sentence", '"assignee": "Julia Novak"', "--subject", "SUP-1", "--object", "Julia Novak",
        "--rel-type", "ASSIGNED_TO", "--kind", "metadata", "--json"])
    assert json.loads(result.output)["grade"] == "source_backed"


def test_grade_hop_rejects_unknown_rel_type() -> None:
    result = CliRunner().invoke(make_app(), [
        "grade-hop", "--sentence", "a b", "--subject", "a", "--object", "b", "--rel-type", "LIKES"])
    assert result.exit_code != 0
