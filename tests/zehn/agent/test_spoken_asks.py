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


ERRANDS = """# Billing weekly - 2026-03-11

[00:01:05] Mira Lund: Ben, can you take a look at the billing alerts?
[00:01:09] Ben Ode: Sure.
[00:02:30] Mira Lund: Ben, can you take the database migration?
[00:02:34] Ben Ode: Sure.
[00:03:10] Mira Lund: Jonas, can you take the backup audit? Tobias ran the last one.
[00:03:14] Tobias Falk: Happy to help if needed.
[00:03:20] Jonas Berg: Sure, won't be before Friday though.
[00:04:00] Mira Lund: Tobias, could you own the restore drill?
[00:04:05] Tobias Falk: I can do that.
[00:05:00] Mira Lund: Could you own the cost report, Jonas?
[00:05:06] Jonas Berg: Let me check with finance first.
[00:06:00] Mira Lund: Could you own the release notes for 5.2, Ben?
[00:06:04] Ben Ode: Yes.
"""


def _errand(nlp: Language, question: str) -> tuple[list[str], str]:
    view = markdown_view(ERRANDS, "Billing weekly - 2026-03-11")
    bound = bind_spoken(analyse(question, nlp), lambda: (view,))
    return ([], "none") if bound is None else ([p.entity_name for p in bound.paths], bound.reason)


def test_being_asked_to_take_a_look_is_not_taking_it_on(nlp: Language) -> None:
    assert _errand(nlp, "Who owns the billing alerts?") == ([], "none")
    assert _errand(nlp, "Who owns the billing service?") == ([], "none")


def test_the_ask_names_every_word_of_the_item_whole(nlp: Language) -> None:
    assert _errand(nlp, "Who owns the data migration?") == ([], "none")
    assert _errand(nlp, "Who owns the database migration?")[0] == ["Ben Ode"]
    assert _errand(nlp, "Who owns the release notes for 5.2?")[0] == ["Ben Ode"]
    assert _errand(nlp, "Who owns the release notes for 5.3?") == ([], "none")


def test_the_addressee_is_the_name_the_ask_calls(nlp: Language) -> None:
    assert _errand(nlp, "Who owns the backup audit?")[0] == ["Jonas Berg"]


def test_a_yes_with_a_later_negation_or_in_other_words_accepts(nlp: Language) -> None:
    assert _errand(nlp, "Who owns the restore drill?")[0] == ["Tobias Falk"]


def test_an_unclear_reply_decides_nothing(nlp: Language) -> None:
    assert _errand(nlp, "Who owns the cost report?") == ([], "none")
