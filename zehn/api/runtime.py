"""Building the real services once, at start-up: graph endpoint, models, policy, executor, answerer, history.

Used by ``zehn serve`` (inside the app's lifespan) and ``zehn ask``. The spaCy pipeline and the embedder load once
here and are shared by the ingest of the sample corpus, the executor (query vectors) and the answerer.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.errors import EmbedderUnavailable
from extraction.evidence_reads import graph_stats
from extraction.graph_client import open_graph as open_writable_graph
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.agent import AnswerService, LLMConfig
from zehn.api.deps import Services
from zehn.graph_endpoint import graph_endpoint
from zehn.history import AnswerStore
from zehn.models import local_embedder
from zehn.observability.metrics import METRICS
from zehn.people.projection import rebuild as rebuild_projection
from zehn.sample import SAMPLE_CORPUS_DIR
from zehn.settings import Settings

log = logging.getLogger("zehn.serve")


def llm_config(settings: Settings) -> LLMConfig | None:
    """The model endpoint when one is configured (base URL and model); otherwise deterministic mode."""
    if not (settings.llm_base_url and settings.llm_model):
        return None
    return LLMConfig(base_url=settings.llm_base_url, api_key=settings.llm_api_key or "not-needed",
                     model=settings.llm_model, timeout_s=settings.llm_timeout_s, max_steps=settings.llm_max_steps)


def ingest_sample_if_empty(endpoint_host: str, endpoint_port: int, password: str | None, settings: Settings,
                           graph: Any, nlp: Language, embedder: LocalEmbedder) -> bool:
    if not graph_stats(graph)["empty"]:
        log.info("graph %r already holds data: the sample corpus is not ingested again", settings.graph_name)
        return False
    log.info("graph %r is empty: ingesting the sample corpus from %s", settings.graph_name, SAMPLE_CORPUS_DIR)
    report = Ingestor(endpoint_host, endpoint_port, settings.graph_name, password, nlp=nlp, embedder=embedder,
                      max_bytes=settings.max_document_bytes, wait_s=settings.ingest_wait_s).ingest([SAMPLE_CORPUS_DIR])
    METRICS.observe_ingest(report)
    rebuild_projection(graph)
    log.info("ingested %d documents, %d evidence rows in %.1fs (%d errors)", report.documents, report.evidence,
             report.seconds, len(report.errors))
    return True


@contextmanager
def open_services(settings: Settings, *, ingest_sample: bool = False, nlp: Language | None = None,
                  embedder: LocalEmbedder | None = None) -> Iterator[Services]:
    """Start (or reach) the graph, load the models, and yield ready services; the embedded server stops after."""
    policy = load_policy(settings.policy_file)
    with graph_endpoint(settings) as endpoint:
        log.info("graph %r on %s (%s)", settings.graph_name, endpoint.url,
                 "embedded" if endpoint.embedded else "external")
        graph = open_writable_graph(endpoint.host, endpoint.port, settings.graph_name, endpoint.password)
        log.info("loading the spaCy pipeline and the embedder")
        nlp = nlp or load_nlp()
        embedder = embedder or local_embedder(settings)
        if ingest_sample:
            ingest_sample_if_empty(endpoint.host, endpoint.port, endpoint.password, settings, graph, nlp, embedder)
        read_only = open_graph(endpoint.host, endpoint.port, settings.graph_name, password=endpoint.password,
                               timeout_ms=settings.query_timeout_ms)
        executor = TraversalExecutor(read_only, policy, embedder=embedder, timeout_ms=settings.query_timeout_ms)
        answerer = AnswerService(executor, nlp, graph, llm_config(settings))
        log.info("answer mode: %s; policy %s (%s)", answerer.mode, policy.name,
                 "EVALUATION MODE" if policy.evaluation_mode else "production")
        services = Services(settings=settings, policy=policy, graph=graph, executor=executor, answerer=answerer,
                            history=AnswerStore(graph, max_per_user=settings.history_max_per_user,
                                                max_age_days=settings.history_max_age_days,
                                                prune_every=settings.history_prune_every),
                            nlp=nlp, monitor=endpoint.monitor,
                            ingestor=Ingestor(endpoint.host, endpoint.port, settings.graph_name,
                                              endpoint.password, nlp=nlp, embedder=embedder,
                                              max_bytes=settings.max_document_bytes))
        _load_embedder(embedder)
        with frozen_heap():
            yield services


def _load_embedder(embedder: LocalEmbedder) -> None:
    """The embedder's model parts, loaded before the heap is frozen (:meth:`LocalEmbedder.load`). A model that cannot
    load is left to fail where it is first used, as before: the answers that need it say ``unavailable``."""
    try:
        embedder.load()
    except EmbedderUnavailable as exc:
        log.warning("the embedder did not load at start-up (%s); answers that need it will say so", exc)


# Allocations between young-generation collections while serving (Python's default: 700). An answer allocates tens
# of thousands of short-lived containers (query rows, parse views); at 700 many are still alive at a collection, get
# promoted, and make the older generations' collections (and the full ones, ~25 ms each) come that much sooner.
YOUNG_THRESHOLD = 10_000


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Keep the objects alive at start-up (the models: about half a million) out of the cyclic collector while
    serving: otherwise every full collection walks them all and stalls the answer it lands in (measured with
    bench/answer_parts.py: 330-380 ms, against 20-26 ms frozen, once every 25-50 answers); and collect the young
    generation every :data:`YOUNG_THRESHOLD` allocations. Both undone on the way out, so a process that opens
    services more than once (the tests) does not pile frozen objects up."""
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, thresholds[0]), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
