"""``zehn people ...``: leaves (what a departure leaves behind), handoff (a plan), experts (who to ask), key (key
people), card (one person), rebuild (the collaboration projection).

Exit codes: 0 an answer (also "ambiguous" with its candidates, or "unknown"), 2 rejected input, 3 unavailable,
4 an id that does not exist. ``--json`` prints the same JSON shape the HTTP API returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, TypeVar

import typer
from pydantic import BaseModel

from extraction.access import EVERYTHING
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.cli.common import EXIT_NOT_FOUND, DataDirOpt, GraphOpt, JsonOpt, emit, exit_codes, fail, graph_session
from zehn.cli.common import settings_from as _settings
from zehn.graph_endpoint import graph_endpoint
from zehn.people.centrality import key_people, person_card
from zehn.people.departure import departure
from zehn.people.errors import PeopleNotFound
from zehn.people.experts import experts
from zehn.people.handoff import plan
from zehn.people.model import DepartureOut
from zehn.people.projection import rebuild
from zehn.settings import Settings

app = typer.Typer(help="People: who holds what, who knows what, who to ask.", no_args_is_help=True)
M = TypeVar("M", bound=BaseModel)


@contextmanager
def _executor(settings: Settings, as_json: bool, vectors: bool = False) -> Iterator[TraversalExecutor]:
    with exit_codes(as_json), graph_endpoint(settings) as endpoint:
        graph = open_graph(endpoint.host, endpoint.port, settings.graph_name, password=endpoint.password,
                           timeout_ms=settings.query_timeout_ms)
        embedder = None
        if vectors:
            from zehn.models import local_embedder

            embedder = local_embedder(settings)
        yield TraversalExecutor(graph, load_policy(settings.policy_file), embedder=embedder,
                                timeout_ms=settings.query_timeout_ms, scope=EVERYTHING)  # the operator reads all


def _run(settings: Settings, as_json: bool, action: Callable[[TraversalExecutor], M], vectors: bool = False) -> M:
    with _executor(settings, as_json, vectors) as executor:
        try:
            return action(executor)
        except PeopleNotFound as exc:  # before exit_codes sees it as a plain error
            raise fail(str(exc), EXIT_NOT_FOUND, as_json, "not_found") from exc


def _departure_lines(out: DepartureOut) -> list[str]:
    lines = [f"{out.outcome}: {out.person.name if out.person else out.query}" + (f" ({out.message})"
                                                                                 if out.message else "")]
    lines += [f"  candidate {c.id}  {c.name}  teams: {', '.join(c.teams) or '-'}  roles: "
              f"{', '.join(f'{k} {v}' for k, v in c.roles.items()) or '-'}" for c in out.candidates]
    for w in out.open_work:
        handed = f" -> handed off to {w.handed_off_to[0].to.name}" if w.handed_off_to else ""
        lines.append(f"  open work  {w.item.name}  [{w.status or 'no status'}] via {w.via}{handed}  "
                     f"{', '.join(w.evidence_ids)}")
    lines += [f"  customer   {c.customer.name} waits on {', '.join(c.items)}" for c in out.customers]
    lines += [f"  sole expert on {s.component.name} ({', '.join(s.resolved_items) or 'owner'})"
              for s in out.sole_expert_components]
    lines += [f"  successor #{s.rank} {s.person.name}: {s.counts.resolved} resolved, {s.counts.owns} owns, "
              f"{s.counts.reviewed} reviewed, {s.counts.related} related; last {s.last_activity}"
              for s in out.successors]
    lines += [f"  commitment ({c.kind}) {c.document.title}: {c.item or c.text}" for c in out.commitments]
    lines.append(f"  [{len(out.queries)} queries ran]")
    return lines


@app.command("leaves")
def leaves_cmd(
    name: Annotated[str, typer.Argument(help="The person's name (or an id with --id).")],
    depth: Annotated[int, typer.Option("--depth", min=1, max=3, help="1 open work; 2 + customers and "
                                                                     "sole-expert components; 3 + successors.")] = 2,
    by_id: Annotated[bool, typer.Option("--id", help="NAME is a person id (e.g. a candidate's id).")] = False,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """What breaks if this person leaves: open work, waiting customers, sole-expert components, successors."""
    out = _run(_settings(data_dir, graph), as_json, lambda ex: departure(
        ex, name=None if by_id else name, person_id=name if by_id else None, depth=depth))
    emit(out.model_dump(mode="json"), as_json, "\n".join(_departure_lines(out)))


@app.command("handoff")
def handoff_cmd(
    person_id: Annotated[str, typer.Argument(help="The leaving person's id.")],
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """A hand-off plan (proposals only; approving is a write through the API with the write token)."""
    out = _run(_settings(data_dir, graph), as_json, lambda ex: plan(ex, person_id))
    lines = [f"hand-off plan for {out.person.name}"]
    lines += [f"  {p.item.name} -> {p.proposed.name if p.proposed else 'nobody proposed'}"
              + (f" ({p.reason})" if p.reason else "") for p in out.proposals]
    lines += [f"  commitment (not reassigned): {c.item or c.text}" for c in out.commitments]
    emit(out.model_dump(mode="json"), as_json, "\n".join(lines))


@app.command("experts")
def experts_cmd(
    about: Annotated[str, typer.Argument(help="What you want to ask about, in words.")],
    vectors: Annotated[bool, typer.Option("--vectors", help="Load the embedder for hybrid search "
                                                            "(default: full-text only, faster).")] = False,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Who should I ask about X: the people behind the evidence, ranked, each with a drafted question."""
    out = _run(_settings(data_dir, graph), as_json, lambda ex: experts(ex, about), vectors)
    lines = [f"{out.outcome}: {out.message or about}"]
    lines += [f"  #{e.rank} {e.name}: wrote {e.wrote}, involved in {e.involved}; last {e.last_activity}"
              for e in out.experts]
    if out.experts:
        lines += ["", "draft (not sent):", out.experts[0].draft.text]
    emit(out.model_dump(mode="json"), as_json, "\n".join(lines))


@app.command("key")
def key_cmd(
    about: Annotated[str | None, typer.Option("--about", help="A component or label (default: everyone).")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100)] = 20,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Key people by PageRank and betweenness over the collaboration projection."""
    out = _run(_settings(data_dir, graph), as_json, lambda ex: key_people(ex, about, limit))
    lines = [f"projection {out.projection.status}" + (" (stale: rebuild)" if out.projection.stale else "")]
    lines += [f"  {p.name}: pagerank {p.centrality.pagerank or 0:.4f} (#{p.centrality.pagerank_rank}), betweenness "
              f"{p.centrality.betweenness or 0:.1f} (#{p.centrality.betweenness_rank}), "
              f"{p.centrality.collaborators} collaborators" for p in out.people]
    emit(out.model_dump(mode="json"), as_json, "\n".join(lines))


@app.command("card")
def card_cmd(
    person_id: Annotated[str, typer.Argument(help="A person id, e.g. person:jane-doe.")],
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """One person: profile, open work counts, components, centrality and the collaborations behind it."""
    out = _run(_settings(data_dir, graph), as_json, lambda ex: person_card(ex, person_id))
    emit(out.model_dump(mode="json"), True)


@app.command("rebuild")
def rebuild_cmd(data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False) -> None:
    """Rebuild the collaboration projection and its centrality (runs after every ingest anyway)."""
    with graph_session(_settings(data_dir, graph), as_json) as (_endpoint, writable):
        report = rebuild(writable)
    emit(report.__dict__, as_json, f"{report.people} people, {report.pairs} pairs from {report.documents} documents")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="people")
