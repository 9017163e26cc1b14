"""find: an ask read again in the same document view (with more budget, with its cited lines readable, for the
supporting answer) judges each sentence once per turn, and finds what it found the first time."""

from __future__ import annotations

from typing import Any

import pytest
from spacy.language import Language

import zehn.agent.find_passage as find_passage
from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

TEXT = ("# Audit events\nLedger audit events are exported to the archive every night.\n"
        "Ledger audit events are retained for 400 days in the archive.\n")


def test_an_ask_read_again_in_a_view_binds_each_sentence_once_and_finds_the_same(
        nlp: Language, embedder: LocalEmbedder, monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[str] = []
    real = find_passage.bind_sentence

    def counted(*args: Any, **kwargs: Any) -> tuple[str, int] | None:
        judged.append(args[2].text)
        return real(*args, **kwargs)
    monkeypatch.setattr(find_passage, "bind_sentence", counted)
    ask = analyse("How long are ledger audit events retained?", nlp).asks[0]
    view = markdown_view(TEXT, "Ledger audit retention")
    parses, similarity = Parses(ParseCache(nlp)), Similarity(embedder)
    first = find_passage.find(ask, 1, view, parses, similarity, 40, set())
    once = len(judged)
    again = find_passage.find(ask, 1, view, parses, similarity, 80, set())
    assert first is not None and again is not None and once > 0
    assert again.bound == first.bound and "400 days" in first.bound.text
    assert len(judged) == once  # the second reading judged no sentence again
