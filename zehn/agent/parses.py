"""Each sentence is parsed once per turn: one spaCy pass over every sentence a stage asks for, kept by id."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.tokens import Doc

from zehn.agent.rows import Sentence

PARSE_BATCH = 64


class Parses:
    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp
        self._docs: dict[str, Doc] = {}

    def of(self, sentences: Iterable[Sentence]) -> dict[str, Doc]:
        """Parses of ``sentences`` by evidence id (new ones parsed in one batch)."""
        wanted = list({s.id: s for s in sentences}.values())
        todo = [s for s in wanted if s.id not in self._docs]
        for sentence, doc in zip(todo, self.nlp.pipe([s.text for s in todo], batch_size=PARSE_BATCH), strict=True):
            self._docs[sentence.id] = doc
        return {s.id: self._docs[s.id] for s in wanted}
