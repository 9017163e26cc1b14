"""``zehn eval`` end to end on the sample corpus, with a tiny question file holding both formats."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
import redis
from typer.testing import CliRunner

from traversal_policy import connect
from zehn.cli import app
from zehn.evaluation.runner import eval_graph_name
from zehn.graph_server import EmbeddedFalkorDB

QUESTIONS = [
    {"id": "b1", "category": "Basic", "question": "Who maintains ledger-sync?",
     "answer": "Omar Haddad maintains ledger-sync.", "gold_doc_ids": ["lark_confluence_ledger-sync-runbook"]},
    {"id": "b2", "category": "Info Not Found", "question": "What is Omar Haddad's salary?",
     "answer": "Nothing in the documents says what anyone is paid.", "gold_doc_ids": []},
    {"id": "g1", "kind": "ownership", "question": "Who owns geo-index?", "expect_status": ["answered"],
     "expected_answer_terms": ["Routing team"], "gold_doc_ids": ["lark_confluence_platform-architecture"]},
    {"id": "g2", "kind": "unknown_entity", "question": "Who owns payroll-sync?",
     "expect_status": ["unknown_entity", "abstained"], "expected_answer_terms": [], "gold_doc_ids": []},
]
FIGURES = {"abstention_recall", "false_abstention", "cited_doc_precision", "gold_doc_recall", "support_recall",
           "fabricated_citations", "answered", "abstained", "refused", "p50_ms", "p95_ms", "facts_covered",
           "answered_right", "median_cited_words"}


@pytest.mark.slow
def test_zehn_eval_on_the_sample_corpus(tmp_path: Path, sample_corpus_dir: Path,
                                        falkordb_server: EmbeddedFalkorDB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ZEHN_POLICY_FILE", raising=False)
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(q) for q in QUESTIONS) + "\n", encoding="utf-8")
    out = tmp_path / "report.md"
    env = {"FALKORDB_URL": f"redis://127.0.0.1:{falkordb_server.port}"}
    name = eval_graph_name(sample_corpus_dir)
    try:
        result = CliRunner().invoke(app, ["eval", "--corpus", str(sample_corpus_dir), "--questions", str(questions),
                                          "--json", "--out", str(out)], env=env)
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        again = CliRunner().invoke(app, ["eval", "--corpus", str(sample_corpus_dir), "--questions",
                                         str(questions), "--systems", "baseline", "--json"], env=env)
        repeated = CliRunner().invoke(app, ["eval", "--corpus", str(sample_corpus_dir), "--questions",
                                            str(questions), "--systems", "zehn", "--half", "check",
                                            "--repeat-ingest", "2", "--json"], env=env)
    finally:
        with contextlib.suppress(redis.RedisError):
            connect("127.0.0.1", falkordb_server.port or 0).select_graph(name).delete()
    assert report["meta"]["graph"] == name and name.startswith("eval_")
    assert report["meta"]["ingest"]["documents"] == 34
    for system in (report, report["baseline"]):
        assert set(system["overall"]) >= FIGURES
        assert system["overall"]["questions"] == 2 and system["overall"]["fabricated_citations"] == 0
        assert set(system["by_category"]) == {"Basic", "Info Not Found"}
        assert set(system["graph"]["by_kind"]) == {"ownership", "unknown_entity"}
    base = report["baseline"]
    assert base["overall"]["answered"] == 2 and base["overall"]["abstention_recall"] == 0.0
    assert base["overall"]["gold_doc_recall"] == 1.0
    assert base["graph"]["by_kind"]["unknown_entity"]["declined_right"] == 0.0
    assert "| abstention_recall |" in out.read_text(encoding="utf-8")
    # A second run reuses the graph (nothing re-ingested) and can run the baseline alone.
    assert again.exit_code == 0, again.output
    second = json.loads(again.stdout)
    assert second["meta"]["ingest"]["skipped"] == 34 and second["overall"] is None
    assert second["baseline"]["overall"] == {**base["overall"], "p50_ms": second["baseline"]["overall"]["p50_ms"],
                                             "p95_ms": second["baseline"]["overall"]["p95_ms"]}
    # The paragraph baseline runs next to the sentence baseline, with the fact-level figures for both.
    para = report["paragraph_baseline"]["overall"]
    assert para["answered"] == 2 and para["fabricated_citations"] == 0
    assert {"facts_covered", "answered_right", "median_cited_words"} <= set(para) and "facts_vs_paragraph" in report
    # The check half only (b1, g1, g2 by the id hash), asked again over a second, fresh ingest.
    assert repeated.exit_code == 0, repeated.output
    third = json.loads(repeated.stdout)
    assert third["meta"]["half"] == "check" and [d["id"] for d in third["details"]] == ["b1", "g1", "g2"]
    assert third["stability"]["repeat_ingest"] == 2 and third["stability"]["status_agreement"] == 1.0


def test_zehn_eval_rejects_a_bad_question_file(tmp_path: Path, sample_corpus_dir: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"id": "x"}\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", "--corpus", str(sample_corpus_dir), "--questions", str(questions),
                                      "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == "rejected"


RESTRICTED_DOC = """---
title: Vault rotation runbook
confidentiality: restricted
---
# Vault rotation runbook

The Security team owns vault-keeper, the job that rotates the signing keys every Sunday.
"""
OPEN_DOC = """---
title: Lunch menu
---
# Lunch menu

The canteen serves soup on Mondays and pasta on Thursdays for everyone in the building.
"""


@pytest.mark.slow
def test_zehn_eval_reads_restricted_documents_only_as_the_all_reader(
        tmp_path: Path, falkordb_server: EmbeddedFalkorDB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ZEHN_POLICY_FILE", raising=False)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "vault.md").write_text(RESTRICTED_DOC, encoding="utf-8")
    (corpus / "lunch.md").write_text(OPEN_DOC, encoding="utf-8")
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({
        "id": "r1", "category": "Basic", "question": "Who owns vault-keeper?",
        "answer": "The Security team owns vault-keeper.", "gold_doc_ids": []}) + "\n", encoding="utf-8")
    env = {"FALKORDB_URL": f"redis://127.0.0.1:{falkordb_server.port}"}
    try:
        runs = {reader: CliRunner().invoke(app, ["eval", "--corpus", str(corpus), "--questions", str(questions),
                                                 "--reader", reader, "--json"], env=env)
                for reader in ("public", "all")}
    finally:
        with contextlib.suppress(redis.RedisError):
            connect("127.0.0.1", falkordb_server.port or 0).select_graph(eval_graph_name(corpus)).delete()
    reports = {}
    for reader, run in runs.items():
        assert run.exit_code == 0, run.output
        reports[reader] = json.loads(run.stdout)
        assert reports[reader]["meta"]["reader"] == reader
    # The paragraph baseline reads as the same reader: the restricted runbook's facts only for "all".
    assert reports["public"]["paragraph_baseline"]["details"][0]["facts_covered"] == 0.0
    assert reports["all"]["paragraph_baseline"]["details"][0]["facts_covered"] == 1.0
    assert reports["all"]["paragraph_baseline"]["details"][0]["unresolved"] == []
    assert reports["public"]["details"][0]["status"] != "answered"
    assert reports["all"]["details"][0]["status"] == "answered"


def test_zehn_eval_compare_rejects_a_reader(tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps(QUESTIONS[0]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", "--graph-a", "a", "--graph-b", "b", "--questions", str(questions),
                                      "--reader", "all", "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == "rejected"
