"""Two items joined by "and" as the object of one act: each conjunct names an item of its own."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.coordinated_items import bind_actions, conjuncts
from zehn.agent.similarity import Similarity


def test_two_objects_joined_by_and_are_two_conjuncts(nlp: Language) -> None:
    found = conjuncts(nlp("Who was given the stale lock cleanup and the quarterly quota review?"))
    assert len(found) == 2
    assert {"stale", "lock", "cleanup"} <= set(found[0]) and "quota" not in found[0]
    assert {"quarterly", "quota", "review"} <= set(found[1]) and "lock" not in found[1]


def test_one_object_is_no_conjunct(nlp: Language) -> None:
    assert conjuncts(nlp("Who was given the stale lock cleanup for the quota service?")) == []


def test_or_joins_alternatives_not_two_items(nlp: Language) -> None:
    assert conjuncts(nlp("Who was given the stale lock cleanup or the quota review?")) == []


CHAT = """# ops-sync

Ilse Vance: assigning follow-ups:
- Tomas Brenner: purge the stale lock files on the batch hosts (P1)
- Lena Marsh: quarterly quota review for the west cluster (P2)
- Ivo Brandt: rotate the webhook signing secret (P1)
"""


def test_each_of_two_items_asked_at_once_answers_with_its_owner(nlp: Language, embedder: LocalEmbedder) -> None:
    # Together the two items' words are too many for either item to hold half of them.
    analysis = analyse("Who was assigned the stale lock purge on the batch hosts and the west quota review, and at "
                       "what priorities?", nlp)
    view = markdown_view(CHAT, "ops-sync")
    bound = bind_actions(analysis, lambda: (view,), Similarity(embedder), nlp)
    assert bound is not None
    assert sorted(p.entity_name for p in bound.paths) == ["Lena Marsh", "Tomas Brenner"]
