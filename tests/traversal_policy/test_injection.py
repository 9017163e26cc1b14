"""Hostile text in every text parameter: the graph never changes and nothing but InputRejected (blank) escapes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extraction.errors import InputRejected
from tests.traversal_policy.fixture_graph import FixtureInfo, counts
from traversal_policy import Ambiguous, Found, NoEvidence, NotInGraph, QueryFailed, Resolved, TraversalExecutor, Unknown

PAYLOADS = [
    "'", '"', "}", ")", "|", "-", "@", "*", "~", "%", "$", "\\", "\\\\", '\\"', "'\"})]", "a\\",
    "MATCH (n) DETACH DELETE n", "' OR 1=1 //", '"}) MATCH (n) DETACH DELETE n //',
    "x') WITH 1 AS x MATCH (n) DETACH DELETE n //", "CALL db.idx.fulltext.drop('Evidence')",
    "@name:{atlas} | -ledger ~%fuzz% *", "$entity_id", "`n`", "{id: 1}", "ledger\x00DELETE", "line\nbreak",
    "Zürich 東京 🚀 Ledger", "\u202eevil", "ATLAS", "x" * 10_000, "ledger " * 2_000, "", "   ", "\t\n",
]
TEXT_PARAMS: list[tuple[str, str, dict[str, Any]]] = [
    ("resolve_entity", "name", {}),
    ("search_evidence", "text", {"k": 5}),
    ("entity_profile", "entity_id", {}),
    ("who_owns", "entity_id", {}),
    ("depends_on", "entity_id", {"depth": 3}),
    ("dependents_of", "entity_id", {"depth": 3}),
    ("impact", "entity_id", {"depth": 3}),
    ("documents_mentioning", "entity_id", {}),
    ("paths_between", "a", {"b": "service:ledger"}),
    ("paths_between", "b", {"a": "service:ledger"}),
    ("evidence_for", "source", {"rel_type": "OWNS", "target": "service:ledger"}),
    ("evidence_for", "target", {"source": "team:payments", "rel_type": "OWNS"}),
    ("evidence_for", "rel_type", {"source": "team:payments", "target": "service:ledger"}),
]


def no_words(text: str) -> bool:
    return not any(ch.isalnum() for ch in text)


def blank(text: str) -> bool:
    return not re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", " ", text).strip()


def attempt(executor: TraversalExecutor, name: str, field: str, extra: dict[str, Any], payload: str) -> None:
    try:
        out = executor.run(name, {field: payload, **extra})
    except InputRejected:
        assert blank(payload) or (name == "search_evidence" and no_words(payload)), payload[:40]
        return
    assert isinstance(out, Found | NoEvidence | QueryFailed)
    if isinstance(out, QueryFailed):  # only a rel_type outside the vocabulary may be refused, never the server
        assert field == "rel_type" and out.kind == "rejected", out.error
    try:
        res = executor.resolve(payload)
    except InputRejected:
        assert blank(payload)
        return
    assert isinstance(res, Resolved | Ambiguous | Unknown | NotInGraph), res


@pytest.mark.parametrize(("name", "field", "extra"), TEXT_PARAMS)
def test_payload_corpus(executor: TraversalExecutor, fixture_db: tuple[Any, FixtureInfo], name: str, field: str,
                        extra: dict[str, Any]) -> None:
    before = counts(fixture_db[0])
    for payload in PAYLOADS:
        attempt(executor, name, field, extra, payload)
    assert counts(fixture_db[0]) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(TEXT_PARAMS), payload=st.text(max_size=300))
def test_any_text(executor: TraversalExecutor, case: tuple[str, str, dict[str, Any]], payload: str) -> None:
    attempt(executor, case[0], case[1], case[2], payload)


def test_graph_unchanged_after_fuzzing(fixture_db: tuple[Any, FixtureInfo]) -> None:
    assert counts(fixture_db[0]) == (15 + 3 + 3 + 13, 12 + 3 + 13 + 16)
