"""The dispatcher without model payloads (a deterministic turn): the same queries run, the same tool calls are
reported, and the same typed rows, evidence, paths and edge sentences are kept; only the rows a model would read
are not built."""

from __future__ import annotations

from typing import Any

from extraction.validity import parse_as_of
from traversal_policy import Found, Resolved, TraversalExecutor
from zehn.agent.dispatch import Dispatcher
from zehn.agent.events import Turn


def _shown(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    """The reported events, without the clocks (wall and run times differ from one run to the next)."""
    out = []
    for event in turn.events:
        data = dict(event.data)
        if "queries" in data:
            data["queries"] = [{k: v for k, v in q.items() if k not in ("wall_ms", "run_time_ms")}
                               for q in data["queries"]]
        out.append((event.type, data))
    return out


def _run(executor: TraversalExecutor, payloads: bool) -> tuple[Dispatcher, Turn, list[Any]]:
    turn = Turn(None, None)
    box = Dispatcher(executor, turn, payloads=payloads)
    resolved = box.resolve("geo-index")
    assert isinstance(resolved, Resolved)
    results = [box.call("impact", {"entity_id": resolved.entity.id, "depth": 2}),
               box.call("search_evidence", {"text": "geo-index owner", "k": 5}),
               box.call("passages_mentioning_each", {"texts": ["geo-index", "no-such-widget-anywhere"]})]
    return box, turn, results


def test_a_turn_without_payloads_reports_and_keeps_what_a_turn_with_them_does(
        sample_executor: TraversalExecutor) -> None:
    executor = sample_executor.at(parse_as_of(None))  # both read the graph at one moment (shown in the params)
    plain, plain_turn, plain_results = _run(executor, payloads=False)
    model, model_turn, model_results = _run(executor, payloads=True)
    assert _shown(plain_turn) == _shown(model_turn)
    assert any(t == "tool_call" and d["name"] == "evidence_for" for t, d in _shown(plain_turn))  # edges enriched
    assert plain.evidence == model.evidence and plain.paths == model.paths and plain.edges == model.edges
    assert plain.paths and plain.edges
    assert [q.name for q in plain.records] == [q.name for q in model.records]
    assert [(r.name, r.outcome) for r in plain_results] == [(r.name, r.outcome) for r in model_results]
    assert all(isinstance(r.result, Found) for r in plain_results)
    assert [r.result.rows for r in plain_results[1:] if r.result] == [r.result.rows for r in model_results[1:]
                                                                       if r.result]
    assert all(r.payload["rows"] == [] for r in plain_results)
    assert all(r.payload["rows"] for r in model_results)


def test_a_models_payload_shows_each_edges_sentences_inline(sample_executor: TraversalExecutor) -> None:
    model, _, results = _run(sample_executor, payloads=True)
    edges = [e for row in results[0].payload["rows"] for e in row["path"]["edges"]]
    assert edges and all("evidence" in e for e in edges)
    assert {ev["evidence_id"] for e in edges for ev in e["evidence"]} <= set(model.evidence)


def test_a_name_looked_up_again_in_a_turn_is_answered_without_another_query(
        sample_executor: TraversalExecutor) -> None:
    box = Dispatcher(sample_executor, Turn(None, None), payloads=False)
    first = box.mentions(["geo-index", "no-such-widget-anywhere"])
    again = box.mentions(["no-such-widget-anywhere", "geo-index"])
    looked_up = [q.name for q in box.records]
    assert first["geo-index"] and "no-such-widget-anywhere" not in first
    assert again == first and looked_up.count("passages_mentioning_each") == 1
    fresh = Dispatcher(sample_executor, Turn(None, None), payloads=False).mentions(["geo-index", "tile cache"])
    both = box.mentions(["geo-index", "tile cache"])  # only the new name is looked up, its rows as if asked alone
    assert both == fresh and [q.name for q in box.records].count("passages_mentioning_each") == 2
