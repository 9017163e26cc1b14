"""Names typed by the type noun next to them: capitalised everyday words inside a title-case name."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions


def _teams(nlp: Language, text: str) -> list[str]:
    return [m.name for m in find_mentions(nlp(text), 0) if m.type == "Team"]


@pytest.mark.parametrize(("text", "name"), [
    ("Yesterday the Last Orders team rotated the keys.", "Last Orders"),
    ("We asked the Front Desk team for a review.", "Front Desk"),
    ("Members of the First Contact team joined the call.", "First Contact"),
    ("The Next Chapter team owns the reader-app.", "Next Chapter"),
])
def test_a_capitalised_stop_word_inside_a_name_keeps_its_place(nlp: Language, text: str, name: str) -> None:
    assert _teams(nlp, text) == [name]


@pytest.mark.parametrize(("text", "name"), [("## Last Orders team", "Last Orders"), ("Last Orders team", "Last Orders"),
                                            ("- Last Orders team", "Last Orders")])
def test_a_line_that_is_only_the_name_keeps_its_first_word(nlp: Language, text: str, name: str) -> None:
    assert _teams(nlp, text) == [name]


def test_a_sentence_opening_stop_word_is_no_part_of_the_name(nlp: Language) -> None:
    assert _teams(nlp, "- Next Harbour team rotated the keys.") == ["Harbour"]


@pytest.mark.parametrize("text", ["This Harbour team is new.", "Which Harbour team owns the reader-app?"])
def test_a_determiner_or_wh_word_is_no_part_of_the_name(nlp: Language, text: str) -> None:
    assert _teams(nlp, text) == ["Harbour"]


def test_a_stop_word_right_before_the_type_noun_names_nothing(nlp: Language) -> None:
    assert _teams(nlp, "They handed it over to the Top team.") == []
