"""Property: for every walk query and any depth, no path is longer than 3 hops or crosses a forbidden predicate."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.traversal_policy.fixture_graph import NAMES, FixtureInfo
from traversal_policy import MAX_HOPS, Found, Policy, QueryFailed, TraversalExecutor

WALKS = ("depends_on", "dependents_of", "impact", "entity_profile", "who_owns", "paths_between")
DEPTHS = st.one_of(st.integers(), st.integers(min_value=-(2**63), max_value=2**63), st.sampled_from([-1, 0, 3, 4]))


def run(executor: TraversalExecutor, name: str, entity: str, other: str, depth: int) -> Any:
    if name == "paths_between":
        return executor.run(name, {"a": entity, "b": other})
    if name in ("entity_profile", "who_owns"):
        return executor.run(name, {"entity_id": entity})
    return executor.run(name, {"entity_id": entity, "depth": depth})


def check(outcome: Any, policy: Policy) -> set[str]:
    assert not isinstance(outcome, QueryFailed), outcome
    crossed: set[str] = set()
    if isinstance(outcome, Found):
        assert outcome.rows
        assert outcome.policy.evaluation_mode == policy.evaluation_mode
        for row in outcome.rows:
            rel_types = row["path"]["rel_types"]
            assert 1 <= len(rel_types) <= MAX_HOPS
            assert len(row["path"]["node_ids"]) == len(rel_types) + 1
            assert set(rel_types) <= policy.walkable
            crossed.update(rel_types)
    return crossed


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(WALKS), entity=st.sampled_from(sorted(NAMES)), other=st.sampled_from(sorted(NAMES)),
       depth=DEPTHS)
def test_default_policy_never_walks_calls_or_past_three_hops(
    fixture_db: tuple[Any, FixtureInfo], default_policy: Policy, name: str, entity: str, other: str, depth: int
) -> None:
    executor = TraversalExecutor(fixture_db[0], default_policy)
    assert "CALLS" not in check(run(executor, name, entity, other, depth), default_policy)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(WALKS), entity=st.sampled_from(sorted(NAMES)), other=st.sampled_from(sorted(NAMES)),
       depth=DEPTHS)
def test_evaluation_policy_may_walk_calls_and_says_so(
    fixture_db: tuple[Any, FixtureInfo], eval_policy: Policy, name: str, entity: str, other: str, depth: int
) -> None:
    assert eval_policy.evaluation_mode
    check(run(TraversalExecutor(fixture_db[0], eval_policy), name, entity, other, depth), eval_policy)


def test_evaluation_policy_does_cross_calls(fixture_db: tuple[Any, FixtureInfo], eval_policy: Policy) -> None:
    out = TraversalExecutor(fixture_db[0], eval_policy).run("dependents_of", {"entity_id": "technology:redis",
                                                                             "depth": 99})
    assert "CALLS" in check(out, eval_policy)
    assert isinstance(out, Found) and out.to_dict()["policy"]["evaluation_mode"] is True
