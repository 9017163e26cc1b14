"""Run an evaluation: ingest the corpus into its own graph, ask every question of ZEHN and of the baseline,
check every citation against the stored documents.

The evaluation graph is ``eval_<12 hex of sha256(resolved corpus dir)>``: one per corpus directory, never the
user's graph, reused across runs (ingest skips unchanged documents and re-ingests changed ones).

Citation check (the ``fabricated_citations`` figure): a ZEHN citation must name an evidence id that
:func:`extraction.evidence_reads.get_evidence` resolves (which itself re-checks the stored sentence against the
document slice), with the same document and range; every cited span, of either system, must have a ``text`` equal
to ``document.text[start:end]`` of the stored document.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from extraction.access import PUBLIC, Scope
from extraction.errors import InputRejected
from extraction.evidence_reads import IntegrityError, get_document, get_evidence
from zehn.agent import AnswerService, LLMConfig
from zehn.answers.model import Answer

from .questions import Question
from .records import AnswerRecord, failed, from_answer


class Answerer(Protocol):
    """The shape of ``zehn.agent.service.AnswerService`` that the evaluation needs."""

    def answer(self, question: str) -> Answer: ...


class BaselineLike(Protocol):
    def answer(self, question_id: str, question: str) -> AnswerRecord: ...


Progress = Callable[[str, int, int], None]  # (label, index, total)


def eval_graph_name(corpus_dir: Path) -> str:
    digest = hashlib.sha256(str(corpus_dir.resolve()).encode("utf-8")).hexdigest()[:12]
    return f"eval_{digest}"


@dataclass(frozen=True)
class AsReader:
    """An answer service asked as one reader (extraction/access.py), as a caller with that token would be."""

    service: AnswerService
    scope: Scope

    def answer(self, question: str) -> Answer:
        return self.service.answer(question, scope=self.scope)


def make_zehn(mode: str, executor: Any, nlp: Any, graph: Any, settings: Any, scope: Scope = PUBLIC) -> Answerer:
    """``AnswerService(executor, nlp, graph, llm=None)`` asked as ``scope``; model mode passes an ``LLMConfig``
    from the settings (``ZEHN_LLM_BASE_URL`` / ``ZEHN_LLM_API_KEY`` / ``ZEHN_LLM_MODEL``). The agent keeps no
    response cache, so every trial asks the model afresh."""
    llm = None
    if mode == "model":
        if not (settings.llm_base_url and settings.llm_model):
            raise InputRejected("model mode needs ZEHN_LLM_BASE_URL and ZEHN_LLM_MODEL (and ZEHN_LLM_API_KEY); "
                                "or use --mode deterministic")
        llm = LLMConfig(base_url=settings.llm_base_url, api_key=settings.llm_api_key or "none",
                        model=settings.llm_model, timeout_s=settings.llm_timeout_s,
                        max_steps=settings.llm_max_steps)
    return AsReader(AnswerService(executor, nlp, graph, llm=llm), scope)


def ask(answerer: Answerer, question_id: str, question: str) -> AnswerRecord:
    started = time.perf_counter()
    try:
        answer = answerer.answer(question)
    except Exception as exc:  # graded as a failure ("error"), and shown in the details
        return failed(question_id, f"{type(exc).__name__}: {exc}", (time.perf_counter() - started) * 1000.0)
    return from_answer(question_id, answer, (time.perf_counter() - started) * 1000.0)


class CitationChecker:
    """Resolves cited spans against the evaluation graph; keeps document texts it has read."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self._texts: dict[str, str | None] = {}

    def _text(self, document_id: str) -> str | None:
        if document_id not in self._texts:
            doc = get_document(self.graph, document_id)
            self._texts[document_id] = None if doc is None else str(doc["text"])
        return self._texts[document_id]

    def problems(self, record: AnswerRecord) -> tuple[str, ...]:
        bad: list[str] = []
        for n, cited in enumerate(record.citations):
            label = cited.evidence_id or cited.chunk_id or f"citation {n}"
            if cited.evidence_id is not None:
                try:
                    found = get_evidence(self.graph, [cited.evidence_id])
                except IntegrityError:
                    found = []
                if not found or (found[0]["document_id"], found[0]["start"], found[0]["end"], found[0]["text"]) != (
                        cited.document_id, cited.start, cited.end, cited.text):
                    bad.append(label)
                    continue
            text = self._text(cited.document_id)
            if text is None or not 0 <= cited.start <= cited.end or text[cited.start:cited.end] != cited.text:
                bad.append(label)
        return tuple(bad)

    def check(self, records: Sequence[AnswerRecord]) -> list[AnswerRecord]:
        return [r.with_unresolved(self.problems(r)) for r in records]


@dataclass
class EvalRun:
    questions: list[Question]
    zehn_trials: list[list[AnswerRecord]] = field(default_factory=list)
    baseline: list[AnswerRecord] | None = None
    paragraph: list[AnswerRecord] | None = None
    repeats: list[list[AnswerRecord]] = field(default_factory=list)  # ZEHN over re-ingested copies of the corpus
    meta: dict[str, Any] = field(default_factory=dict)


def _ask_all(system: BaselineLike, questions: list[Question], label: str, progress: Progress | None) -> list[
        AnswerRecord]:
    records = []
    for i, q in enumerate(questions, start=1):
        records.append(system.answer(q.id, q.question))
        if progress:
            progress(label, i, len(questions))
    return records


def run_zehn(questions: list[Question], zehn: Answerer, checker: CitationChecker, label: str,
             progress: Progress | None = None) -> list[AnswerRecord]:
    records = []
    for i, q in enumerate(questions, start=1):
        records.append(ask(zehn, q.id, q.question))
        if progress:
            progress(label, i, len(questions))
    return checker.check(records)


def run_eval(questions: list[Question], zehn: Answerer | None, baseline: BaselineLike | None, checker: CitationChecker,
             *, trials: int = 1, progress: Progress | None = None, paragraph: BaselineLike | None = None) -> EvalRun:
    run = EvalRun(questions)
    if zehn is not None:
        for trial in range(trials):
            run.zehn_trials.append(run_zehn(questions, zehn, checker, f"zehn trial {trial + 1}/{trials}", progress))
    if baseline is not None:
        run.baseline = checker.check(_ask_all(baseline, questions, "baseline", progress))
    if paragraph is not None:
        run.paragraph = checker.check(_ask_all(paragraph, questions, "paragraph baseline", progress))
    return run
