"""Follow-ups assigned inline on one line (pure: no parse, no graph)."""

from __future__ import annotations

from zehn.agent.inline_items import inline_items

HANDLES = frozenset({"nadia", "olek"})


def _names(word: str) -> bool:
    return word in {"Ines"}


def test_each_owner_before_a_parenthesised_task_owns_that_task() -> None:
    found = inline_items("olek: assigned follow-ups: nadia (pool resize + alert), Ines (runbook), olek (vendor call). "
                         "Next sync at 3pm.", _names, HANDLES)
    assert [(i.owner, i.what) for i in found] == [("nadia", "pool resize and alert"), ("Ines", "runbook"),
                                                  ("olek", "vendor call")]
    assert found[0].lead == "olek: assigned follow-ups: "


def test_ticket_keys_before_parentheses_are_no_owners() -> None:
    assert inline_items("Follow-ups: AB-12 (runtime guard), CD-7 (docs)", _names, HANDLES) == []


def test_one_aside_in_parentheses_is_no_list() -> None:
    assert inline_items("follow-ups: nadia (see above) will send them", _names, HANDLES) == []


def test_a_line_without_a_follow_up_lead_lists_nothing() -> None:
    assert inline_items("we paged nadia (primary), olek (secondary)", _names, HANDLES) == []
