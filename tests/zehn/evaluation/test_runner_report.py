"""run_eval and the report with stand-in systems: trials, spread, side-by-side table, failures graded as errors."""

from __future__ import annotations

from typing import Any

from zehn.answers.model import Answer, Citation, PolicyOut, QueryRecordOut, Status
from zehn.evaluation.questions import BenchQuestion, GraphQuestion, Question
from zehn.evaluation.records import AnswerRecord, CitedSpan
from zehn.evaluation.report import build_report, markdown
from zehn.evaluation.runner import CitationChecker, run_eval

QUESTIONS: list[Question] = [
    BenchQuestion("q1", "Basic", "Who maintains ledger-sync?", "Omar Haddad maintains ledger-sync.", ("runbook",)),
    BenchQuestion("q2", "Info Not Found", "What is the CEO's salary?", "Not answerable.", ()),
    GraphQuestion("g1", "unknown_entity", "Who owns payroll-sync?", ("unknown_entity",), (), ()),
]
SENTENCE = "ledger-sync is maintained by Omar Haddad."


class StandIn:
    """Answers q1 from the runbook, declines the rest; on the second trial it fails on q1."""

    def __init__(self) -> None:
        self.calls = 0

    def answer(self, question: str) -> Answer:
        self.calls += 1
        if self.calls == 4:
            raise RuntimeError("model endpoint went away")
        policy = PolicyOut(name="default", hash="h", evaluation_mode=False)
        if "ledger-sync" in question:
            cite = Citation(evidence_id="ev_1", document_id="runbook", document_title="Runbook", start=0,
                            end=len(SENTENCE), text=SENTENCE)
            return Answer(id="a", question=question, status="answered", text="Omar Haddad [ev_1]", citations=[cite],
                          policy=policy, mode="deterministic",
                          queries=[QueryRecordOut(name="who_owns", cypher="", params={}, rows=1, run_time_ms=2.5)])
        status: Status = "unknown_entity" if "payroll" in question else "abstained"
        return Answer(id="b", question=question, status=status, text="I don't know.", policy=policy,
                      mode="deterministic")


class Baseline:
    def answer(self, question_id: str, question: str) -> AnswerRecord:
        cite = CitedSpan("chat", 0, 5, "hello", chunk_id="c1")
        return AnswerRecord(question_id, "answered", "hello", (cite,), 5.0)


class NoGraphChecker(CitationChecker):
    def __init__(self) -> None:
        super().__init__(graph=None)

    def problems(self, record: AnswerRecord) -> tuple[str, ...]:
        return tuple(c.chunk_id or "" for c in record.citations if c.document_id == "chat")


def test_two_trials_side_by_side() -> None:
    seen: list[tuple[str, int, int]] = []
    run = run_eval(QUESTIONS, StandIn(), Baseline(), NoGraphChecker(), trials=2,
                   progress=lambda label, i, n: seen.append((label, i, n)))
    assert len(run.zehn_trials) == 2 and run.baseline is not None
    assert run.zehn_trials[0][0].db_ms == 2.5 and run.zehn_trials[1][0].status == "error"
    assert seen[-1] == ("baseline", 3, 3) and ("zehn trial 2/2", 3, 3) in seen
    report: dict[str, Any] = build_report(run)
    assert report["trials"][0]["gold_doc_recall"] == 1.0 and report["trials"][1]["gold_doc_recall"] == 0.0
    assert report["overall"]["gold_doc_recall"] == 0.5
    assert report["spread"]["gold_doc_recall"] == {"min": 0.0, "max": 1.0}
    assert report["graph"]["by_kind"]["unknown_entity"]["declined_right"] == 1.0
    base = report["baseline"]
    assert base["overall"]["fabricated_citations"] == 2 and base["overall"]["abstention_recall"] == 0.0
    assert base["graph"]["by_kind"]["unknown_entity"]["declined_right"] == 0.0
    error = next(d for d in report["details"] if d["id"] == "q1")
    assert error["support"] == 1.0 and error["gold_cited"]
    text = markdown(report)
    assert "| abstention_recall | 1.000 | 0.000 | – | ZEHN better |" in text
    assert "| fabricated_citations | 0.000 | 2 | – | ZEHN better |" in text
    assert "| unknown_entity | 1 | – / – | 1.000 / 0.000 | 1.000 / 0.000 |" in text
    assert "Spread over trials" in text
