"""A meeting's ask and its answer are read only after the walk declined: what the walk found stands. Documents are
our own."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.bind_shapes import after_decline
from zehn.agent.bound import Bound
from zehn.agent.similarity import Similarity

MEETING = """# Billing weekly - 2026-03-11

[00:01:05] Mira Lund: Ben, can you take the billing service?
[00:01:09] Ben Ode: Sure, I'll take it.
"""


def _after(nlp: Language, embedder: LocalEmbedder, walked: Bound) -> Bound:
    view = markdown_view(MEETING, "Billing weekly - 2026-03-11")
    out = after_decline(analyse("Who owns the billing service?", nlp), lambda: (view,), Similarity(embedder), walked)
    assert isinstance(out, Bound)
    return out


def test_what_the_walk_found_is_not_replaced_by_a_meeting_ask(nlp: Language, embedder: LocalEmbedder) -> None:
    walked = Bound(verdict="yes")
    assert _after(nlp, embedder, walked) is walked


def test_a_declined_walk_reads_the_meeting_ask(nlp: Language, embedder: LocalEmbedder) -> None:
    assert [p.entity_name for p in _after(nlp, embedder, Bound(reason="nothing")).paths] == ["Ben Ode"]
