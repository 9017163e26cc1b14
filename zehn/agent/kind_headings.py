"""A section headed with the asked kind of named thing, whose lines name such things, is where the list is written.

Specs and decision records list their identifiers under a heading that is the kind's own name: "Audit events",
"Required fields", "Annex: hook names". English puts a compound's head last, so the heading is *about* the kind
only when the kind is its last noun, or what its last noun lists ("event *names*", "field *list*"). A heading where
the kind only modifies another noun ("Audit event *triggers*", "Event *retention*") is about that other thing: its
lines say when or how long, not which. For "which events must be emitted", a line under a heading about events that
names one (``svc.session.open``) answers before a line that merely repeats the question's words, however near the
other section's words are to the question.
"""

from __future__ import annotations

import re

from zehn.agent.lexical import singular
from zehn.agent.named_items import asks_named_items
from zehn.agent.question import Ask
from zehn.agent.rows import Sentence, own_heading

# Head nouns that stand for the things they list: "event names" is a list of events, "field list" one of fields.
LISTING_HEADS = frozenset({"name", "list", "catalog", "catalogue", "index", "reference", "inventory"})
_PREFIX = re.compile(r"^[^:]{1,40}:\s+")  # "Appendix: ", "Reference: ", "Section 4: "
_ASIDE = re.compile(r"\([^)]*\)|\[[^\]]*\]")  # "(recommended)", "[draft]"
_WORD = re.compile(r"[a-z][a-z-]*")
# An identifier as code writes it: in backticks, or joined by the separators of code ("svc.session.open",
# "scope.read:diff", "request_id").
_CODE_NAME = re.compile(r"`[^`]+`|\b[A-Za-z][\w-]*(?:[._:/][\w-]+)+\b")


def heads_kind(heading: str, kind: str) -> bool:
    """The passage's own heading is about ``kind`` (a singular noun): its last noun is the kind, or a noun that lists
    it ("names", "list") right after it."""
    text = _ASIDE.sub(" ", _PREFIX.sub("", own_heading(heading).strip(" #*_").casefold()))
    nouns = [singular(w) for w in _WORD.findall(text)]
    if not nouns or not kind:
        return False
    if nouns[-1] == kind:
        return True
    return len(nouns) >= 2 and nouns[-1] in LISTING_HEADS and nouns[-2] == kind


def names_listed_kind(ask: Ask, sentence: Sentence, heading: str) -> bool:
    """A list ask for a kind of identifier ("which events", "what fields") is answered by this line: its section is
    headed with the kind (:func:`heads_kind`) and the line names one in code form."""
    return asks_named_items(ask) and heads_kind(heading, singular(ask.focus_head.casefold())) and \
        _CODE_NAME.search(sentence.text) is not None
