"""The ``ask`` tool: the full answering loop and the citation gate, exactly as ``POST /api/answers`` runs it
(persisted in history, counted in the metrics). Its result is the answer text plus the digest: status, citations
with evidence ids, spans and quotes, and hop grades. An ``unavailable`` answer is an error result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from extraction.errors import InputRejected
from zehn.answers.digest import AnswerDigest, digest
from zehn.answers.model import MAX_QUESTION_CHARS, question_problem
from zehn.api.answering import answer_question
from zehn.api.deps import Services
from zehn.mcp.registry import ToolOutput, ToolSpec

DESCRIPTION = ("Ask ZEHN a question about the ingested documents. It answers only when it can cite the exact "
               "source sentences (evidence ids that resolve to a document and a character range); otherwise it "
               "says it does not know. status: answered, abstained, refused, ambiguous (candidates listed), "
               "unknown_entity, not_in_graph, or unavailable (an error result).")
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"question": {"type": "string", "minLength": 1, "maxLength": MAX_QUESTION_CHARS,
                                "description": "A question in plain words, e.g. 'Who owns the billing service?'"}},
    "required": ["question"], "additionalProperties": False,
}


class AskOut(AnswerDigest):
    question: str
    text: str = Field(description="The answer as shown to a person: cited sentences, or why there is no answer.")


def _question(args: Mapping[str, Any]) -> str:
    extra = sorted(set(args) - {"question"})
    if extra:
        raise InputRejected(f"ask takes only 'question'; got also {', '.join(extra)}")
    question = args.get("question")
    problem = question_problem(question)
    if problem is not None:
        raise InputRejected(f"'question': {problem}")
    assert isinstance(question, str)
    return question.strip()


def _human(out: AskOut) -> str:
    lines = [f"[{out.status}] {out.text}"]
    lines += [f'{c.evidence_id} {c.document_id} [{c.start}:{c.end}] "{c.text}"' for c in out.citations]
    return "\n".join(lines)


def run_ask(services: Services, args: Mapping[str, Any]) -> ToolOutput:
    answer = answer_question(services, _question(args))
    out = AskOut(question=answer.question, text=answer.text, **digest(answer).model_dump())
    return ToolOutput(out, _human(out), is_error=answer.status == "unavailable")


ASK = ToolSpec(name="ask", description=DESCRIPTION, input_schema=SCHEMA, run=run_ask)
