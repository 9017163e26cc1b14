"""Whether one line answers a question's first ask with its passage granted: the sentence rule alone, for tests of
what a single line must hold (:func:`zehn.agent.sentence_binding.bind_sentence`)."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.rows import DocPassage
from zehn.agent.sentence_binding import Scored, bind_sentence
from zehn.agent.similarity import Similarity


def binds(question: str, line: str, nlp: Language, similarity: Similarity) -> bool:
    ask = analyse(question, nlp).asks[0]
    passage = DocPassage("d#p0", "d", "Notes", "section", 0, len(line), line, ())
    scored = Scored(passage, 1.0, 0.0, 1.0, True, (1.0, True))
    return bind_sentence(ask, scored, nlp(line), similarity, (), parse_text=nlp) is not None
