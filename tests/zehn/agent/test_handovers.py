"""The holder of a ticket after the last hand-over down its comments; a tracker's assignee field is left to the
walk. Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.handovers import bind_handover

THREAD = """# OPS-77: exporter drops rows

## Comments

Ana Ruiz - 2026-01-02:
Seen twice. Assigning to Ben Ode since he wrote the exporter.

Ben Ode - 2026-01-03:
Out next week. Reassigning to Li Wei.

Li Wei - 2026-01-04:
Taking it. The batch size is the cause.
"""


def _holder(nlp: Language, question: str, text: str = THREAD) -> list[tuple[str, str]]:
    view = markdown_view(text, "OPS-77: exporter drops rows")
    bound = bind_handover(analyse(question, nlp), lambda: (view,))
    return [] if bound is None else [(p.entity_name, p.hops[0].grade) for p in bound.paths]


def test_the_last_hand_over_names_the_holder(nlp: Language) -> None:
    assert _holder(nlp, "Who is OPS-77 assigned to now?") == [("Li Wei", "inferred")]


def test_an_earlier_hand_over_is_history(nlp: Language) -> None:
    text = THREAD.replace("Taking it. The batch size is the cause.", "The batch size is the cause.")
    assert _holder(nlp, "Who is OPS-77 assigned to now?", text) == [("Li Wei", "source_backed")]


def test_another_ticket_gives_nothing(nlp: Language) -> None:
    assert _holder(nlp, "Who is OPS-78 assigned to now?") == []


def test_handling_a_ticket_is_no_hand_over(nlp: Language) -> None:
    text = THREAD.replace("Assigning to Ben Ode", "I will handle it and then talk to Ben Ode").replace(
        "Reassigning to Li Wei", "See the handbook, then go to Li Wei").replace("Taking it. ", "")
    assert _holder(nlp, "Who is OPS-77 assigned to now?", text) == []


def test_who_owns_an_item_is_no_hand_over_question(nlp: Language) -> None:
    """A meeting's ask is read only after the walk declines (bind_shapes.after_decline), not before it."""
    meeting = ("# Sync\n\n[00:01:00] Ana Ruiz: Ben, can you take the exporter?\n"
               "[00:01:04] Ben Ode: Sure, I'll take it.\n")
    assert _holder(nlp, "Who owns the exporter?", meeting) == []
