"""What the HTTP API depends on, injected: the answerer (a protocol), the executor, the graph, policy, settings.

``create_app`` receives a :class:`Services` (tests build one over the session FalkorDB) or a provider that builds
one at start-up (``zehn serve``). Route handlers get it with ``Depends(get_services)``, already bound to the caller
the guard admitted (:meth:`Services.for_caller`): its executor and graph read as that caller's scope, so a route
cannot read past it by forgetting something.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol

from fastapi import Depends, Request

from extraction.access import PUBLIC, Scope, ScopedGraph
from extraction.errors import GraphUnavailable, GraphWarmingUp
from extraction.ingest_report import IngestReport, Progress
from traversal_policy import Policy, TraversalExecutor
from zehn.access import ANONYMOUS, Caller
from zehn.access.caller import caller_of
from zehn.answers.model import Answer, AnswerEvent
from zehn.graph_server.supervisor import SupervisorSnapshot
from zehn.history import AnswerStore
from zehn.settings import Settings

EventSink = Callable[[AnswerEvent], None]
CancelCheck = Callable[[], bool]


class Answerer(Protocol):
    """The shape of ``zehn.agent.service.AnswerService``.

    ``answer`` raises ``InputRejected`` for blank input and ``AnswerCancelled`` when ``cancelled()`` turns True;
    ``on_event`` receives each real step as it happens (called from the worker thread the answer runs in);
    everything it reads, it reads as ``scope`` (the asking caller's, extraction/access.py).
    """

    @property
    def mode(self) -> Literal["model", "deterministic"]: ...

    def answer(self, question: str, *, scope: Scope = PUBLIC, on_event: EventSink | None = None,
               cancelled: CancelCheck | None = None) -> Answer: ...


class DocumentIngest(Protocol):
    """The shape of ``extraction.pipeline.Ingestor``: the same rules and code path as ``zehn ingest``."""

    def ingest(self, paths: Sequence[Path], progress: Progress | None = None) -> IngestReport: ...


class GraphMonitor(Protocol):
    """What the API reads of the graph server's supervisor (``zehn.graph_server.supervisor.Supervisor``)."""

    def snapshot(self) -> SupervisorSnapshot: ...

    def wait_ready(self, timeout_s: float) -> SupervisorSnapshot: ...


@dataclass
class Services:
    settings: Settings
    policy: Policy
    graph: Any  # a falkordb Graph that may write (history); reads go through ``executor`` and evidence_reads
    executor: TraversalExecutor
    answerer: Answerer
    history: AnswerStore
    nlp: Any = None  # spaCy Language, when loaded (hop grading)
    ingestor: DocumentIngest | None = None  # uploads through POST /api/ingest; None: the endpoint answers 503
    monitor: GraphMonitor | None = None  # None: nobody supervises the graph here (tests over a fixture server)
    caller: Caller = ANONYMOUS  # who these services read and write for (see for_caller)

    def for_caller(self, caller: Caller) -> Services:
        """These services for one caller: the executor and the graph handle read as its scope."""
        scope = caller.scope
        return replace(self, caller=caller, graph=ScopedGraph(self.graph, scope),
                       executor=self.executor.scoped(scope))


ServicesProvider = Callable[[], AbstractContextManager[Services]]


def get_services(request: Request) -> Services:
    """The app's services, bound to the caller the guard admitted (zehn/api/guard.py)."""
    services: Services = request.app.state.services
    return services.for_caller(caller_of(request.scope.get("state")))


def ensure_ready(services: Services) -> None:
    """Raise GraphWarmingUp / GraphUnavailable (503 with Retry-After at the HTTP edge) while the supervisor says the
    graph is not ready, so no answer is given from half-built indexes, whatever the door."""
    if services.monitor is None:
        return
    snap = services.monitor.snapshot()
    if snap.status == "warming_up":
        raise GraphWarmingUp(f"the graph is warming up: {snap.detail or snap.state}; retry shortly")
    if snap.status == "unavailable":
        raise GraphUnavailable(f"the graph server is {snap.state}: {snap.last_error or 'not answering'}")


def ready_services(request: Request) -> Services:
    """Services for a route that reads the graph (see :func:`ensure_ready`)."""
    services = get_services(request)
    ensure_ready(services)
    return services


ReadyServices = Annotated[Services, Depends(ready_services)]
