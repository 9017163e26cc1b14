"""Fixtures: one read-only fixture graph per session (the queries cannot change it), executors over it."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.traversal_policy import fixture_graph
from traversal_policy import Policy, TraversalExecutor, connect, load_policy, parse_policy
from zehn.graph_server import EmbeddedFalkorDB

EVAL_POLICY_TOML = b"""name = "eval-calls"
description = "evaluation: also walks CALLS"
[traversal]
walkable = ["DEPENDS_ON", "USES", "CONSUMES", "OWNS", "MAINTAINS", "LEADS", "MEMBER_OF", "AFFECTS", "BLOCKS",
            "PART_OF", "CALLS"]
"""


@pytest.fixture(scope="session")
def fixture_db(falkordb_server: EmbeddedFalkorDB) -> Iterator[tuple[Any, fixture_graph.FixtureInfo]]:
    assert falkordb_server.port is not None
    client = connect("127.0.0.1", falkordb_server.port)
    graph = client.select_graph(f"tp_fixture_{uuid.uuid4().hex[:8]}")
    info = fixture_graph.build(graph)
    yield graph, info
    with contextlib.suppress(redis.RedisError):
        graph.delete()


@pytest.fixture(scope="session")
def default_policy() -> Policy:
    return load_policy()


@pytest.fixture(scope="session")
def eval_policy() -> Policy:
    return parse_policy(EVAL_POLICY_TOML, "eval-calls.toml")


@pytest.fixture
def executor(fixture_db: tuple[Any, fixture_graph.FixtureInfo], default_policy: Policy) -> TraversalExecutor:
    return TraversalExecutor(fixture_db[0], default_policy)


@pytest.fixture
def eval_executor(fixture_db: tuple[Any, fixture_graph.FixtureInfo], eval_policy: Policy) -> TraversalExecutor:
    return TraversalExecutor(fixture_db[0], eval_policy)


@pytest.fixture
def eval_policy_file(tmp_path: Path) -> Path:
    path = tmp_path / "eval.toml"
    path.write_bytes(EVAL_POLICY_TOML)
    return path
