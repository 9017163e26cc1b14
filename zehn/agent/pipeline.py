"""The answering pipeline: six stages in a straight line, each with a typed input and output.

    1/6 analyse   question -> Analysis                       (zehn.agent.analyse)
    2/6 resolve   Analysis -> Subjects | Stop                 (zehn.agent.resolve)
    3/6 retrieve  Analysis, Subjects -> Retrieved             (zehn.agent.retrieve)
    4/6 bind      Retrieved -> Bound | Stop (grade every hop)  (zehn.agent.bind_graph / bind_passages)
    5/6 compose   Bound -> draft text | None                  (zehn.agent.compose)
    6/6 gate      draft -> Outcome                             (zehn.agent.gate)

The runner alone emits events: ``plan`` after analysis, the dispatcher's ``tool_call`` / ``tool_result`` as
queries run, ``hop_grades`` after binding, ``draft`` after composing and ``verdict`` after the gate; it checks for
cancellation between stages. In model mode the model's tool loop takes the place of stages 2, 3 and 5; its paths
are graded in stage 4 and its draft passes the same gate. A query that cannot run (the graph went away) ends the
turn as ``unavailable``, whatever stage it happened in.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from spacy.language import Language

from extraction.access import ScopedGraph
from extraction.errors import ModelUnavailable
from extraction.nlp import extractor_version
from extraction.parse_store import ParsesUnavailable, read_lemmas, read_parses
from extraction.term_store import TermsUnavailable
from zehn.agent import compose, gate
from zehn.agent.analyse import analyse
from zehn.agent.analyses import kept
from zehn.agent.bind_graph import bind_graph
from zehn.agent.bind_passages import bind_passages
from zehn.agent.bind_shapes import before_passages
from zehn.agent.bound import Bound, PathView
from zehn.agent.completion import completed
from zehn.agent.detail import answering, detailed
from zehn.agent.dispatch import Dispatcher, GraphFailure
from zehn.agent.events import Turn
from zehn.agent.grading import grade_paths
from zehn.agent.model_loop import LLMConfig, run_model
from zehn.agent.parses import CachedParse, ParseCache, Parses
from zehn.agent.party_demands import party_demand
from zehn.agent.question import Analysis
from zehn.agent.resolve import Subjects, resolve
from zehn.agent.retrieve import retrieve
from zehn.agent.similarity import Similarity
from zehn.agent.stops import Stop

log = logging.getLogger("zehn.answer")
STAGES = 6
PLAN = ["analyse the question", "resolve what it names", "retrieve walks and passages",
        "bind and grade every answer", "compose quotes with ids", "gate the citations"]


@dataclass
class Run:
    """What one turn produced, for the service to turn into an Answer."""

    outcome: gate.Outcome
    paths: list[PathView] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)


def _step(n: int, what: str) -> None:
    log.debug("step %d/%d: %s", n, STAGES, what)


class Pipeline:
    def __init__(self, nlp: Language, similarity: Similarity, llm: LLMConfig | None, *,
                 stored_parses: bool = True) -> None:
        """``stored_parses=False`` parses every sentence read instead of reading the parse ingest stored (the same
        parse: for bench/parse_store.py's side-by-side run)."""
        self.nlp = nlp
        self.similarity = similarity
        self.llm = llm
        self.parse_cache = ParseCache(nlp)  # sentence parses outlive the turn: the next question reads them again
        self.parse = CachedParse(self.parse_cache)  # the hop grader's parser (each masked sentence parsed once)
        self.analyse = kept(lambda question: analyse(question, nlp))  # a question asked again: no re-parse
        self.parser = extractor_version(nlp)  # which stored parses are this pipeline's (extraction/parse_store.py)
        self.stored_parses = stored_parses

    def run(self, question: str, turn: Turn, dispatcher: Dispatcher, graph: ScopedGraph) -> Run:
        """One turn; ``dispatcher`` and ``graph`` read as the caller's scope (the gate reads cited sentences through
        ``graph``, so it can accept no citation the caller may not read)."""
        timings: dict[str, float] = {"model_ms": 0.0, "verify_ms": 0.0}
        try:
            return self._run(question, turn, dispatcher, timings, graph)
        except (GraphFailure, ModelUnavailable, ParsesUnavailable, TermsUnavailable) as exc:
            # Logged with its cause: the answer says only "unavailable", and an intermittent one is otherwise
            # impossible to trace from a server log (the e2e tests print its last lines when they fail).
            log.warning("answer stopped as unavailable: %s: %s", type(exc).__name__, exc)
            return self._stop(Stop("unavailable", str(exc)), question, turn, dispatcher, timings)

    def _run(self, question: str, turn: Turn, dispatcher: Dispatcher, timings: dict[str, float],
             graph: ScopedGraph) -> Run:
        started = time.perf_counter()
        if self.llm is None:
            self.similarity.start([question])  # stage 3 searches with the question's vector: embed it meanwhile
        _step(1, "analyse")
        analysis = self.analyse(question)
        timings["analyse_ms"] = (time.perf_counter() - started) * 1000.0
        if self.llm is not None:
            return self._model(question, analysis, turn, dispatcher, timings, graph)
        turn.emit("plan", {"mode": "deterministic", "intent": analysis.route, **analysis.summary(), "steps": PLAN,
                           "entities": [p.name for p in (analysis.subject, analysis.other) if p]})
        turn.checkpoint()
        _step(2, "resolve")
        subjects = resolve(analysis, dispatcher)
        if (demand := party_demand(analysis, subjects)) is not None:
            analysis, subjects = demand, Subjects()  # a party's demand is stated in prose: read from passages
        if isinstance(subjects, Stop):
            return self._stop(subjects, question, turn, dispatcher, timings)
        turn.checkpoint()
        _step(3, "retrieve")
        retrieved = retrieve(analysis, subjects, dispatcher, self.similarity)
        turn.checkpoint()
        _step(4, "bind and grade")
        bind_started = time.perf_counter()
        parses = Parses(self.parse_cache, (lambda ids: read_parses(graph, ids, self.nlp.vocab, self.parser))
                        if self.stored_parses else None,
                        (lambda ids: read_lemmas(graph, ids, self.parser)) if self.stored_parses else None)
        if analysis.entity_route or analysis.route == "yes_no":
            bound: Bound | Stop = bind_graph(analysis, subjects, retrieved, dispatcher, parses, self.similarity,
                                             self.parse)
        else:
            shaped = before_passages(analysis, lambda: retrieved.documents, self.similarity, parses, self.parse)
            bound = shaped if shaped is not None else bind_passages(analysis, retrieved, parses, self.similarity)
            if isinstance(bound, Bound):
                question_parse = analysis.parse if analysis.parse is not None else self.parse(question)
                view = answering(bound, retrieved)
                bound = completed(detailed(question_parse, bound, view, parses), view, parses)
        timings["bind_ms"] = (time.perf_counter() - bind_started) * 1000.0
        if isinstance(bound, Stop):
            return self._stop(bound, question, turn, dispatcher, timings)
        turn.emit("hop_grades", {"paths": [v.graded.model_dump() for v in bound.paths]})
        _step(5, "compose")
        text = compose.draft(analysis, bound)
        return self._gate(text, Stop("abstained", bound.reason or "nothing the documents state answers it",
                                     decline=bound.decline), question, turn, dispatcher, list(bound.paths), timings,
                          graph)

    def _model(self, question: str, analysis: Analysis, turn: Turn, dispatcher: Dispatcher,
               timings: dict[str, float], graph: ScopedGraph) -> Run:
        assert self.llm is not None
        turn.emit("plan", {"mode": "model", "intent": "model", "entities": [], "queries": ["(model-chosen)"],
                           "model": self.llm.model, "max_steps": self.llm.max_steps, **analysis.summary()})
        result = run_model(question, self.llm, dispatcher, turn)
        timings["model_ms"] = result.model_ms
        failed = next((f for f in dispatcher.failures if f.retriable), None)
        if failed is not None:
            raise GraphFailure(failed)
        if result.draft is None:
            return self._stop(Stop("refused", f"step limit: the model did not finish within {self.llm.max_steps} "
                                              "steps"), question, turn, dispatcher, timings)
        views = grade_paths(dispatcher.paths, dispatcher.edges, self.parse)
        turn.emit("hop_grades", {"paths": [v.graded.model_dump() for v in views]})
        return self._gate(result.draft, Stop("abstained", "the model's draft cites nothing", decline="citation_gate"),
                          question, turn, dispatcher, views, timings, graph)

    def _gate(self, text: str | None, empty: Stop, question: str, turn: Turn, dispatcher: Dispatcher,
              paths: list[PathView], timings: dict[str, float], graph: ScopedGraph) -> Run:
        turn.emit("draft", {"text": text or ""})
        turn.checkpoint()
        _step(6, "gate")
        started = time.perf_counter()
        try:
            if text:
                outcome = gate.judge(text, dispatcher.texts(), question, graph)
            else:
                outcome = gate.stopped(empty, question, len(dispatcher.evidence))
        except gate.GateUnavailable as exc:
            outcome = gate.stopped(Stop("unavailable", str(exc)), question, len(dispatcher.evidence))
        timings["verify_ms"] = (time.perf_counter() - started) * 1000.0
        turn.emit("verdict", {"status": outcome.status, "reason": outcome.reason, "offending": outcome.offending})
        return Run(outcome, paths, timings)

    def _stop(self, stop: Stop, question: str, turn: Turn, dispatcher: Dispatcher,
              timings: dict[str, float]) -> Run:
        outcome = gate.stopped(stop, question, len(dispatcher.evidence))
        turn.emit("verdict", {"status": outcome.status, "reason": outcome.reason, "offending": outcome.offending})
        return Run(outcome, [], timings)
