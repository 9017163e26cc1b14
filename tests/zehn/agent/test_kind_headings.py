"""A heading is about a kind of named thing when the kind is its head noun (or what its head lists); a line naming
one in code form under it answers a "which <kind>" list ask. Fixture text is our own."""

from __future__ import annotations

from zehn.agent.kind_headings import heads_kind, names_listed_kind
from zehn.agent.question import Ask
from zehn.agent.rows import Sentence

ASK = Ask(text="which signals must the gateway raise", wh="which", focus="signals", focus_head="signal",
          predicate="raise", answer_type="items", terms=("signal", "gateway", "raise"), negated=False,
          core=("signal", "gateway", "raise"), names=())
FIELDS = Ask(text="which fields must a parcel record carry", wh="which", focus="fields", focus_head="field",
             predicate="carry", answer_type="items", terms=("field", "parcel", "record", "carry"), negated=False,
             core=("field", "parcel", "record", "carry"), names=())


def _line(text: str) -> Sentence:
    return Sentence("s1", text, "doc", 0, len(text), "sentence")


def test_a_heading_whose_last_noun_is_the_kind_is_about_the_kind() -> None:
    assert heads_kind("Gateway spec > Required fields", "field")
    assert heads_kind("Gateway spec > Appendix: signal names (draft)", "signal")
    assert heads_kind("Gateway spec > Signal list", "signal")
    assert heads_kind("Gateway spec > Emitted signals [v2]", "signal")


def test_a_heading_where_the_kind_modifies_another_noun_is_about_that_noun() -> None:
    assert not heads_kind("Gateway spec > Signal triggers", "signal")
    assert not heads_kind("Gateway spec > Signal retention", "signal")
    assert not heads_kind("Gateway spec > Rollout", "signal")


def test_a_code_named_line_under_a_heading_about_the_kind_answers_the_list_ask() -> None:
    heading = "Gateway spec > Appendix: signal names"
    assert names_listed_kind(ASK, _line("- `gateway.link.lost`"), heading)
    assert names_listed_kind(ASK, _line("- gateway.link.restored (after a reconnect)"), heading)
    assert not names_listed_kind(ASK, _line("- Raised whenever the uplink drops."), heading)  # names none
    assert not names_listed_kind(ASK, _line("- `gateway.link.lost`"), "Gateway spec > Signal triggers")
    assert not names_listed_kind(FIELDS, _line("- `gateway.link.lost`"), heading)  # another kind's heading
