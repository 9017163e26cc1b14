"""Owners read from an ownership map of paths: the path whose last part is the subject, on a page that names
owners before its first path line. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.path_owners import bind_path_owners, path_owners

MAP = """# Repository map

Each path below lists its owners.

services/quote-api/       Pricing team, @ana.ruiz
jobs/nightly-settle/      Li Wei
"""


def _owners(subject: str, text: str = MAP, title: str = "Repository map") -> list[str]:
    return [p.entity_name for p in path_owners(subject, markdown_view(text, title))]


def test_the_owners_after_the_path_gap_are_read_and_a_handle_loses_its_at() -> None:
    assert _owners("quote-api") == ["Pricing team", "ana.ruiz"]


def test_a_subject_written_with_spaces_and_a_type_noun_still_names_its_path() -> None:
    assert _owners("nightly settle job") == ["Li Wei"]


def test_a_page_that_names_no_owners_and_an_unlisted_path_give_nothing() -> None:
    assert _owners("quote-api", MAP.replace("lists its owners", "is deployed nightly"), "Repository map") == []
    assert _owners("fx-feed") == []
    assert _owners("services") == []



def test_the_bound_owners_name_the_map_they_were_read_from(nlp: Language) -> None:
    view = markdown_view(MAP, "Repository map")
    bound = bind_path_owners(analyse("Who owns quote-api?", nlp), lambda: (view,))
    assert bound is not None and bound.document is not None and bound.document.title == "Repository map"
