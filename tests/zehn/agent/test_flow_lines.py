"""A system's neighbours read from the Upstream / Downstream lines of its own page: the called are downstream, the
callers upstream, when the page names both; a label's side noun wins; one bare direction alone is a position in a
flow of data (upstream: what the system reads from). Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.flow_lines import bind_flow
from zehn.agent.similarity import Similarity

TABLE = """# Architecture: quote-api

## Neighbours

| Direction | Service | Notes |
|-----------|---------|-------|
| Upstream | basket-web | asks for quotes |
| Downstream | tariff-db | holds the tariffs |
| Downstream | fx-feed | converts prices |
"""

LINES = """# quote-api

- Upstream: basket-web and the partner portal send it requests.
- **Downstream:** tariff-db, fx-feed.
"""

ONE_SIDE = """# quote-api

- Upstream: tariff-db
"""

NOUNED = """# quote-api

- Upstream dependencies: tariff-db, fx-feed
"""


def _flow(nlp: Language, question: str, text: str, title: str = "Architecture: quote-api") -> list[str]:
    view = markdown_view(text, title)
    bound = bind_flow(analyse(question, nlp), lambda: (view,), Similarity(None))
    return [] if bound is None else [s.text for f in bound.findings for s in f.answer]


def test_downstream_rows_of_a_table_naming_both_directions_are_the_dependencies(nlp: Language) -> None:
    found = _flow(nlp, "What does quote-api depend on?", TABLE)
    assert len(found) == 2 and "tariff-db" in found[0] and "fx-feed" in found[1]


def test_upstream_rows_are_the_callers(nlp: Language) -> None:
    found = _flow(nlp, "Which services call quote-api?", TABLE)
    assert len(found) == 1 and "basket-web" in found[0]


def test_labelled_lines_and_an_asked_direction(nlp: Language) -> None:
    assert _flow(nlp, "What are the downstream dependencies of quote-api?", LINES) == [
        "- **Downstream:** tariff-db, fx-feed."]


def test_one_bare_direction_is_read_as_data_flow_and_a_side_noun_decides(nlp: Language) -> None:
    assert _flow(nlp, "What does quote-api depend on?", ONE_SIDE) == ["- Upstream: tariff-db"]
    assert _flow(nlp, "Which services call quote-api?", ONE_SIDE) == []
    assert _flow(nlp, "What does quote-api depend on?", NOUNED) == ["- Upstream dependencies: tariff-db, fx-feed"]


def test_another_systems_page_is_not_read(nlp: Language) -> None:
    assert _flow(nlp, "What does quote-api depend on?", TABLE, title="Architecture: basket-web") == []


def test_a_check_is_yes_when_the_page_lists_the_other_end_and_nothing_otherwise(nlp: Language) -> None:
    from zehn.agent.flow_lines import check_flow
    view = markdown_view(TABLE, "Architecture: quote-api")
    yes = check_flow(analyse("Does quote-api depend on fx-feed?", nlp), lambda: (view,), Similarity(None))
    assert yes is not None and yes.verdict == "yes" and "fx-feed" in yes.findings[0].answer[0].text
    assert check_flow(analyse("Does quote-api depend on basket-web?", nlp), lambda: (view,), Similarity(None)) is None


HEADED = """# quote-api

## Upstream

- basket-web
- partner-portal

## Downstream

- tariff-db
- fx-feed
"""

UPSTREAM_ONLY = """# quote-api

## Upstream

- tariff-db
- fx-feed
"""


def test_heading_lists_follow_the_same_rule_as_labelled_lines(nlp: Language) -> None:
    from zehn.agent.components import bind_dependency_list
    view = markdown_view(HEADED, "Architecture: quote-api")
    bound = bind_dependency_list(analyse("What does quote-api depend on?", nlp), lambda: (view,), Similarity(None))
    assert bound is not None and [s.text for s in bound.findings[0].answer] == ["- tariff-db", "- fx-feed"]
    alone = markdown_view(UPSTREAM_ONLY.replace("Upstream", "Downstream"), "Architecture: quote-api")
    assert bind_dependency_list(analyse("What does quote-api depend on?", nlp), lambda: (alone,),
                                Similarity(None)) is None


NOTICE = """# Retiring old-search

## Who still calls it

These services still send traffic to old-search and must migrate:

- shop-finder (Retail team), migration in progress
- eta-service (Logistics team), not started

The map-tiles job no longer calls old-search.
"""


def test_a_list_under_a_lead_in_that_links_it_to_the_subject_is_its_callers(nlp: Language) -> None:
    found = _flow(nlp, "Which services still call old-search?", NOTICE, title="Retiring old-search")
    assert [s.split(" (")[0] for s in found] == ["- shop-finder", "- eta-service"]
    assert _flow(nlp, "What does old-search depend on?", NOTICE, title="Retiring old-search") == []
