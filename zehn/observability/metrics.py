"""Prometheus metrics of one ZEHN process, in a registry of its own (not the client library's global one).

========================================  =========  ===============================================================
metric                                    type       labels / meaning
========================================  =========  ===============================================================
zehn_http_request_duration_seconds        histogram  method, route (the route template, never the raw path), status
zehn_answers_total                        counter    status: answered, abstained, refused, ambiguous, ...
zehn_gate_refusals_total                  counter    reason: the gate's rule code (fabricated_citation, ...) or other
zehn_graph_up                             gauge      graph: 1 reachable, 0 unreachable (probed at each scrape)
zehn_ingest_documents_total               counter    documents written by an ingest in this process
zehn_ingest_errors_total                  counter    files an ingest in this process rejected
========================================  =========  ===============================================================

Label values come from code, never from user text (the route template, a status literal, a rule code), so the
number of series stays bounded.
"""

from __future__ import annotations

import re
from typing import Protocol

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from zehn.answers.model import Answer

CONTENT_TYPE = CONTENT_TYPE_LATEST
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
# The citation gate words a refusal "<rule_code>: details"; anything else is counted as "other".
_RULE_CODE = re.compile(r"^([a-z]+(?:_[a-z]+)+):")


class IngestSummary(Protocol):
    """What an ingest report says that the counters need (``extraction.ingest_report.IngestReport`` fits)."""

    @property
    def documents(self) -> int: ...

    @property
    def errors(self) -> list[dict[str, str]]: ...


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.request_seconds = Histogram(
            "zehn_http_request_duration_seconds", "HTTP request latency by route template.",
            ("method", "route", "status"), buckets=LATENCY_BUCKETS, registry=self.registry)
        self.answers = Counter("zehn_answers", "Final answers by status.", ("status",), registry=self.registry)
        self.refusals = Counter("zehn_gate_refusals", "Answers the citation gate refused, by rule.", ("reason",),
                                registry=self.registry)
        self.graph_up = Gauge("zehn_graph_up", "1 when the graph server answers, 0 when it does not.", ("graph",),
                              registry=self.registry)
        self.ingest_documents = Counter("zehn_ingest_documents", "Documents ingested by this process.",
                                        registry=self.registry)
        self.ingest_errors = Counter("zehn_ingest_errors", "Files an ingest in this process rejected.",
                                     registry=self.registry)

    def observe_request(self, method: str, route: str, status: int, seconds: float) -> None:
        self.request_seconds.labels(method, route, str(status)).observe(seconds)

    def observe_answer(self, answer: Answer) -> None:
        self.answers.labels(answer.status).inc()
        if answer.status == "refused":
            self.refusals.labels(refusal_reason(answer.reason)).inc()

    def observe_ingest(self, report: IngestSummary) -> None:
        self.ingest_documents.inc(report.documents)
        self.ingest_errors.inc(len(report.errors))

    def set_graph_up(self, graph: str, up: bool) -> None:
        self.graph_up.labels(graph).set(1 if up else 0)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def refusal_reason(reason: str | None) -> str:
    match = _RULE_CODE.match(reason or "")
    return match.group(1) if match else "other"


METRICS = Metrics()  # one per process: Prometheus scrapes a process
