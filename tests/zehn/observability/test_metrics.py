"""The metrics of one process: answers by status, refusals by the gate's rule code, ingest counts, graph up."""

from __future__ import annotations

import pytest

from extraction.pipeline import IngestReport
from zehn.answers.model import Answer, PolicyOut
from zehn.observability.metrics import Metrics, refusal_reason


def answer(status: str, reason: str | None = None) -> Answer:
    return Answer(id="a1", question="q?", status=status, text="t", reason=reason,  # type: ignore[arg-type]
                  policy=PolicyOut(name="p", hash="h", evaluation_mode=False), mode="deterministic")


@pytest.mark.parametrize(("reason", "code"), [
    ("fabricated_citation: cited ids were not returned by the tools this turn", "fabricated_citation"),
    ("quote_not_verbatim: 'x' is not a slice", "quote_not_verbatim"),
    ("uncited_claim: 'It is so.'", "uncited_claim"),
    ("step limit: the model did not finish within 8 steps", "other"),
    ("Fabricated_Citation: upper case is not a rule code", "other"),
    (None, "other"),
])
def test_refusal_reason_is_the_rule_code_or_other(reason: str | None, code: str) -> None:
    assert refusal_reason(reason) == code


def test_answers_are_counted_by_status_and_refusals_by_rule() -> None:
    metrics = Metrics()
    for status in ("answered", "answered", "abstained"):
        metrics.observe_answer(answer(status))
    metrics.observe_answer(answer("refused", "fabricated_citation: ev_0123456789abcdef"))
    value = metrics.registry.get_sample_value
    assert value("zehn_answers_total", {"status": "answered"}) == 2
    assert value("zehn_answers_total", {"status": "abstained"}) == 1
    assert value("zehn_answers_total", {"status": "refused"}) == 1
    assert value("zehn_gate_refusals_total", {"reason": "fabricated_citation"}) == 1
    assert value("zehn_gate_refusals_total", {"reason": "other"}) is None


def test_ingest_and_graph_availability() -> None:
    metrics = Metrics()
    metrics.observe_ingest(IngestReport(documents=3, errors=[{"path": "x.bin", "reason": "binary"}]))
    metrics.observe_ingest(IngestReport(documents=2))
    metrics.set_graph_up("g", True)
    metrics.set_graph_up("g", False)
    value = metrics.registry.get_sample_value
    assert value("zehn_ingest_documents_total") == 5 and value("zehn_ingest_errors_total") == 1
    assert value("zehn_graph_up", {"graph": "g"}) == 0
    assert b"zehn_graph_up{graph=\"g\"} 0.0" in metrics.render()
