"""Resolution by name, alias and noun-phrase head, and "did you mean" for near misses, on the fixture graph and as
pure functions of the candidates."""

from __future__ import annotations

from traversal_policy import EntityCandidate, Resolved, TraversalExecutor, Unknown
from traversal_policy.resolution import _head_match, _suggestions, alias


def _c(id_: str, name: str, docs: int = 1) -> EntityCandidate:
    return EntityCandidate(id=id_, name=name, type=id_.split(":")[0].title(), doc_count=docs, relation_count=1,
                           sample_sources=())


def test_an_alias_drops_the_article_and_reads_a_type_noun_as_the_type() -> None:
    assert alias("the Payments team") == ("Payments", ("Team",))
    assert alias("the ledger service") == ("ledger", ("Service", "Component"))
    assert alias("ledger") == ("ledger", None)


def test_a_type_noun_picks_one_of_several_entities_of_that_name(executor: TraversalExecutor) -> None:
    team = executor.resolve("the Atlas team")
    assert isinstance(team, Resolved) and team.entity.id == "team:atlas"
    service = executor.resolve("the ledger service")
    assert isinstance(service, Resolved) and service.entity.id == "service:ledger"


def test_a_noun_phrase_resolves_by_its_head_and_every_word() -> None:
    found = [_c("component:shared-retry-wrapper", "shared retry wrapper"), _c("component:retry-budget",
                                                                              "retry budget")]
    assert [c.id for c in _head_match("retry wrapper", found)] == ["component:shared-retry-wrapper"]
    assert _head_match("wrapper", found) == []  # one word never silently becomes a longer name


def test_near_misses_are_offered_by_edit_distance_or_shared_head_closest_first() -> None:
    found = [_c("service:ledger", "Ledger"), _c("service:ledger-sync", "ledger-sync", 5),
             _c("component:auth-gateway", "auth-gateway"), _c("service:billing", "Billing")]
    assert [c.id for c in _suggestions("ledgr", found)] == ["service:ledger"]
    assert [c.id for c in _suggestions("zorblax-gateway", found)] == ["component:auth-gateway"]
    assert _suggestions("payroll", found) == ()


def test_an_unknown_name_carries_its_suggestions_never_a_substitute(executor: TraversalExecutor) -> None:
    out = executor.resolve("Ledgr service")
    assert isinstance(out, Unknown)
    assert [c.id for c in out.suggestions] == ["service:ledger"]
