"""``/api/impact``: resolve the name (or look the entity up by id, :mod:`zehn.api.lookup`), run the named query
``impact``, fetch each edge's evidence (``evidence_for``) and hop-grade every path with the answering loop's own
grader (``zehn.agent.grading.grade_paths``).

The walk, the evidence look-ups and the grading are the agent's dispatcher and grader, so the explorer and an
answer grade a path the same way. Every query that ran is in ``queries``. Without a spaCy pipeline in the services
the paths are returned ungraded (``graded: null``) and ``hop_grading`` says so.
"""

from __future__ import annotations

from extraction.errors import QueryRejected
from traversal_policy import Found, NoEvidence, QueryFailed, Resolution, Resolved
from zehn.agent.dispatch import MAX_EDGES, Dispatcher
from zehn.agent.events import Turn
from zehn.agent.grading import grade_paths
from zehn.answers.model import GradedPath
from zehn.api.deps import Services
from zehn.api.lookup import resolve_id
from zehn.api.schemas import ImpactOut, ImpactPath
from zehn.api.views import path_out, policy_out, records, resolution_out

GRADED_NOTE = (f"each hop graded against its evidence sentences (strongest sentence per edge; a path is as strong "
               f"as its weakest hop); at most {MAX_EDGES} edges get evidence look-ups, others grade insufficient")
UNGRADED_NOTE = "not graded: no spaCy pipeline is loaded in this service; paths carry their evidence ids"


def _signature(path: ImpactPath) -> tuple[str, ...]:
    return tuple(f"{h.source}|{h.rel_type}|{h.target}" for h in path.hops)


def impact(services: Services, entity: str, depth: int, *, by_id: bool = False) -> ImpactOut:
    """``entity`` is a name to resolve, or with ``by_id`` an entity id (``NotFound`` when no entity has it)."""
    box = Dispatcher(services.executor, Turn(None, None))
    if by_id:
        res: Resolution | QueryFailed = resolve_id(services.executor, entity)
        box.records.extend(res.queries)
    else:
        res = box.resolve(entity)
    if isinstance(res, QueryFailed):
        raise res.error
    base = ImpactOut(entity=res.name if by_id else entity, depth=depth, outcome=res.outcome,
                     resolution=resolution_out(res),
                     hop_grading=GRADED_NOTE if services.nlp is not None else UNGRADED_NOTE,
                     queries=records(res.queries), policy=policy_out(res.policy))
    if not isinstance(res, Resolved):
        return base
    result = box.call("impact", {"entity_id": res.entity.id, "depth": depth})
    outcome = result.result
    if result.rejected or outcome is None:
        raise QueryRejected(str(result.payload.get("error", "the impact query was rejected")))
    if isinstance(outcome, QueryFailed):
        raise outcome.error
    failed = next((f for f in box.failures if f.retriable), None)
    if failed is not None:  # an evidence look-up hit a server that went away: not a partial answer
        raise failed.error
    queries = records(box.records)
    if isinstance(outcome, NoEvidence):
        return base.model_copy(update={"outcome": "no_evidence", "message": outcome.message, "queries": queries})
    assert isinstance(outcome, Found)
    paths = [path_out(r) for r in outcome.rows]
    if services.nlp is not None:
        graded = _grades(box, services)
        paths = [p.model_copy(update={"graded": graded.get(_signature(p))}) for p in paths]
    return base.model_copy(update={"outcome": "found", "rows": list(outcome.rows), "paths": paths,
                                   "queries": queries})


def _grades(box: Dispatcher, services: Services) -> dict[tuple[str, ...], GradedPath]:
    """Graded paths keyed by their edges; grade_paths keeps the first row of each distinct path, in order."""
    views = grade_paths(box.paths, box.edges, services.nlp)
    signatures: list[tuple[str, ...]] = []
    for row in box.paths:
        signature = tuple(f"{e.source}|{e.rel_type}|{e.target}" for e in row.edges)
        if signature not in signatures:
            signatures.append(signature)
    return {sig: view.graded for sig, view in zip(signatures, views, strict=True)}
