"""An item asked of a named person in a transcript is theirs when their next turn accepts it; a decline makes
nobody its owner; a proposal that is no ask, or an ask about another item, answers nothing. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.spoken_asks import bind_spoken

MEETING = """# Storage sync - 2026-03-04

[00:02:10] Mira Lund: Next up is the index rebuild. Tobias, can you take the index rebuild?
[00:02:15] Tobias Falk: Sure, I'll take it.
[00:03:40] Mira Lund: Someone also has to own the quota report. Jonas, could you own the quota report?
[00:03:44] Jonas Berg: I can't this month, sorry.
[00:04:02] Tobias Falk: I suggested that Jonas should own the alert tuning, but we have not agreed yet.
"""


def _owner(nlp: Language, question: str) -> tuple[list[str], str]:
    view = markdown_view(MEETING, "Storage sync - 2026-03-04")
    bound = bind_spoken(analyse(question, nlp), lambda: (view,))
    return ([], "none") if bound is None else ([p.entity_name for p in bound.paths], bound.reason)


def test_an_accepted_ask_names_the_owner(nlp: Language) -> None:
    assert _owner(nlp, "Who owns the index rebuild?")[0] == ["Tobias Falk"]
    assert _owner(nlp, "Who is taking the index rebuild?")[0] == ["Tobias Falk"]


def test_a_declined_ask_names_nobody_and_says_why(nlp: Language) -> None:
    names, reason = _owner(nlp, "Who owns the quota report?")
    assert names == [] and "did not take it on" in reason


def test_a_proposal_is_no_ask(nlp: Language) -> None:
    assert _owner(nlp, "Who owns the alert tuning?") == ([], "none")
