"""Does a line list the asked kind of named thing? ("which fields are required", "what events must it emit").

A list ask whose focus noun names a kind of identifier (a field, an event, a header, a scope, a label ...) is
answered by the lines that name such things, not by any line that repeats the question's other words: specs and
runbooks write the list under a lead that names the kind ("Required fields:", "#### Baseline scopes") and give
each item as an identifier (``request_id``, ``eval.run.start``, ``X-Request-Id``). A goal line such as "Surface
the required telemetry outputs" shares the question's words and states no field at all.

So such a line answers only when the kind noun is in it, its heading or the list item it is nested under, or it
holds a name written as code that is not one of the question's own words. The same holds for one thing asked
by its kind ("which tracker", "which pack"): a line answers when it names one beside the kind noun.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc

from verify.fillers import identifiers
from zehn.agent.focus import FOCUS_TYPES, KIND_NOUNS
from zehn.agent.kind_names import kind_phrase, names_of_kind
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity

# How a field, an event, a header or a scope is written: quoted in backticks, or built with the separators and
# capitals of code (``request_id``, ``eval.run.start``, ``config.read:diff``, ``X-Request-Id``, ``maxRetries``).
# Not an upper-case word ("SLO", "PII": abbreviations of prose) nor a lower-case hyphenated one ("tenant-sensitive",
# "cross-region": English compounds as often as names).
_CODE_SHAPED = re.compile(r"`.+`|.*[_.:/].*|.+[A-Z].*")
_ACRONYM = re.compile(r"[A-Z]{2,}\d*(?:-\d+)?")


def asks_named_items(ask: Ask) -> bool:
    """A list ask whose focus noun names a kind of identifier ("fields", "events", "scopes")."""
    return ask.answer_type == "items" and FOCUS_TYPES.get(ask.focus_head) == "identifier"


def names_items(ask: Ask, parse: Doc, read: Sequence[str], similarity: Similarity, asked: frozenset[str]) -> bool:
    """``read``: the lemmas of the line, its heading and the list items over it. True when they name the asked kind
    or the line holds an identifier the question does not."""
    if similarity.matches((ask.focus_head,), read):
        return True
    found = (parse.text[start:end] for start, end in identifiers(parse))
    return any(_CODE_SHAPED.fullmatch(name) and not _ACRONYM.fullmatch(name) and name.casefold() not in asked
               for name in found)


def asks_one_named(ask: Ask) -> bool:
    """"Which tracker", "which billing vendor": a single thing chosen among others of its kind, where the kind
    is no answer type of its own (a team, a date and a version have their fillers) and no word that only names a
    kind ("which change")."""
    return ask.wh == "which" and ask.answer_type == "description" and bool(ask.focus_head) and \
        ask.focus_head not in KIND_NOUNS


def names_one(parse: Doc, ask: Ask) -> bool:
    """The line names one thing of the asked kind, as English does: a name built on the kind noun (``metrics-pack``
    for "which pack"), a parenthesis after it ("their tracker (Trackly)", not "(e.g. ...)"), a line labelled with it
    (:func:`zehn.agent.kind_names.names_of_kind`), an apposition ("the tracker, Trackly,") or a name in front of it
    ("the Trackly tracker"). A line that uses the kind noun alone ("file incidents in a tracker") says there is one,
    not which."""
    kind = ask.focus_head.casefold()
    if names_of_kind(parse.text, kind, kind_phrase(ask)):
        return True
    for t in parse:
        if t.lemma_.casefold() != kind and t.lower_ != kind:
            continue
        # (a capitalised modifier the parser read as an adjective is a name too: "the Trackly tracker")
        beside = [c for c in t.children if c.dep_ == "appos" or (c.dep_ in ("compound", "nmod") and c.i < t.i) or (
            c.dep_ == "amod" and c.i < t.i and c.text[:1].isupper() and not c.is_sent_start)]
        if any(_named(w.text) or w.pos_ == "PROPN" for w in beside):
            return True
    return False


def _named(word: str) -> bool:
    return bool(_CODE_SHAPED.fullmatch(word) or "-" in word or word[:1].isupper()) and not _ACRONYM.fullmatch(word)
