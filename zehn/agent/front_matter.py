"""Front-matter lines in binding: a line's key says what its values are (split from
:mod:`zehn.agent.sentence_binding`, which binds sentences; these read a ``key: value`` line of the front matter)."""

from __future__ import annotations

from verify.labelled import label_relation, segments
from verify.vocabulary import SYSTEM_NOUNS, TYPE_NOUNS
from zehn.agent.focus import FOCUS_TYPES
from zehn.agent.lemmas import words
from zehn.agent.question import Ask
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.similarity import Similarity


def metadata_asked(sentence: Sentence, ask: Ask, similarity: Similarity) -> bool:
    """A front-matter line answers only when its key is what is asked ("assignee", "components", "created"): the
    asked thing or act is one of the key's words, and every word of the key is in the question ("changed_modules"
    for "which modules did X change"; an "original_path" line is no answer to "which path")."""
    found = segments(sentence.text.replace('"', ""))
    if not found:
        return False
    key = found[0].label
    said = key.replace("_", " ").split()
    asked = bool(similarity.matches((ask.focus_head, ask.predicate), said)) and \
        len(similarity.matches(said, [*ask.terms, ask.focus_head, ask.predicate])) == len(set(said))
    return asked or (label_relation(key) is not None and (ask.answer_type == "agent" or (
        ask.answer_type == "items" and names_kind(ask.focus_head))))


def names_kind(head: str) -> bool:
    """The asked items are things a relation's label lists ("which teams", "what components", "which services"):
    a type noun or a system's head noun. "What changes does the patch make" asks for acts, which no ``components``
    or ``assignee`` line lists."""
    return head in TYPE_NOUNS or head in SYSTEM_NOUNS or FOCUS_TYPES.get(head) == "agent"  # "which reviewers"


def key_words(passage: DocPassage, text: str) -> list[str]:
    """A front-matter line's key in words ("changed_areas" -> changed, areas): the key says what its values are."""
    found = segments(text.replace('"', "")) if passage.kind == "metadata" else []
    return words(found[0].label.replace("_", " ")) if found else []
