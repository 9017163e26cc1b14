"""`zehn ask "question"`: one answer, straight from the answering service (no HTTP), printed and kept in history.

It reads as the operator (every document: whoever runs it can read the data dir anyway) and its answers are kept
in the operator's history.

Exit codes: 0 a final answer (answered, abstained, refused, ambiguous, unknown entity, not in graph), 2 rejected
input, 3 the graph (or the model endpoint) is unavailable.
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from zehn.answers.model import Answer
from zehn.cli.common import (
    EXIT_REJECTED,
    EXIT_UNAVAILABLE,
    DataDirOpt,
    GraphOpt,
    JsonOpt,
    emit,
    exit_codes,
    fail,
    settings_from,
)


def human(answer: Answer) -> str:
    lines = [f"[{answer.status}] {answer.text}"]
    if answer.reason and answer.status != "answered":
        lines.append(f"  reason: {answer.reason}")
    for c in answer.citations:
        lines.append(f"  {c.evidence_id}  {c.document_title} [{c.start}:{c.end}]\n    \"{c.text}\"")
    for cand in answer.candidates:
        lines.append(f"  candidate {cand.entity_id}  {cand.name} ({cand.type})")
    mode = "EVALUATION MODE" if answer.policy.evaluation_mode else "production"
    lines.append(f"  {len(answer.queries)} named queries; policy {answer.policy.name} ({mode}); {answer.mode} mode; "
                 f"answer id {answer.id}")
    return "\n".join(lines)


def ask(
    question: Annotated[str, typer.Argument(help="A question about the ingested documents.")],
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Answer a question with citations to the exact source sentences, or say "I don't know"."""
    from zehn.access import OPERATOR
    from zehn.api.runtime import open_services
    from zehn.history import should_persist

    if not as_json:
        logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    if not question.strip():
        raise fail("the question is blank: ask something in words", EXIT_REJECTED, as_json, "rejected")
    settings = settings_from(data_dir, graph)
    with exit_codes(as_json), open_services(settings) as opened:
        services = opened.for_caller(OPERATOR)
        if services.monitor is not None:
            services.monitor.wait_ready(settings.ready_wait_s)  # never answer from half-built indexes
        answer = services.answerer.answer(question, scope=services.caller.scope)
        if should_persist(answer):
            answer = services.history.save(answer, services.caller)
    emit(answer.model_dump(mode="json"), as_json, human(answer))
    if answer.status == "unavailable":
        raise typer.Exit(EXIT_UNAVAILABLE)


def register(app: typer.Typer) -> None:
    app.command()(ask)
