"""Systems named by a descriptive noun phrase: "the shared retry wrapper", "the central session store".

Enterprise prose names most systems by what they are rather than by an identifier. A noun phrase is such a name
when its head is a system noun (`verify.vocabulary.SYSTEM_NOUNS`: service, proxy, gateway, store, cache, queue,
pipeline, worker, cluster ...) and at least one modifier in front of it says *which* one ("retry wrapper", "hosted
gateway", "span ingester queue"). Not names: an indefinite or demonstrative phrase ("a cache", "this service" -
the latter is the document's subject, bound elsewhere), a phrase owned by a plain common noun ("the customer's
proxy": whose it is, not which one; "ledger-api's rate limiter" is named), a phrase whose modifiers only say which
of several or how it is ("the new cache", "the affected service", "the same queue"), a plural of plain words
("scheduled jobs": a kind, not one system), numbers and dates, and anything in a URL or path. The name is the
phrase without its determiner; its type is the head noun's (Component for most heads).

A name written in title case is a name whatever the parser made of it ("Triage Bot v2", "Fare Cache API", "the
Pricing Gateway"): capitalised words (no function words) ending in a capitalised system noun, and the version that
follows it ("v2", "v3.1"), are read in word order (`title_case_systems`).
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from extraction.vocabulary import words
from verify.vocabulary import SYSTEM_NOUNS

# Modifiers that pick out an instance or a state, not a name ("the new cache", "the affected pool").
NOT_NAMING_MODIFIERS = words(
    """new old same other existing current previous next main primary secondary additional multiple several
    various different separate single whole entire certain specific relevant underlying corresponding respective
    affected impacted failing failed slow healthy unhealthy broken bad good large small big high low full empty
    first last second third many few more most less least all both each every any some own default internal
    external local remote upstream downstream relevant right wrong actual real temporary permanent original
    legacy hot cold warm live active standby idle busy noisy stale fresh healthy overloaded degraded direct
    indirect production prod staging dev development test testing qa sandbox canary manual automatic automated
    critical non-critical"""
)
# Note-style English drops the subject "this" or "it" at the head of a list item ("- Indicates billing queue is
# backed up", "- Requires ledger store access"); the parser, seeing a capital after the dash, takes the verb for a
# proper noun in front of the system noun. Such a word opening a line is the verb of the item, never part of a name.
_NOTE_VERBS = words("""indicates suggests shows means implies confirms requires needs blocks causes prevents breaks
    affects impacts""")
_DETERMINERS_OK = frozenset({"the", "our", "their", "its", "your", "my"})
_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod", "npadvmod", "nummod", "poss"})
_MAX_WORDS = 5


def _modifiers(head: Token) -> list[Token] | None:
    """The contiguous words in front of ``head`` that belong to its phrase, or None when the phrase is not a name."""
    doc = head.doc
    i = head.i - 1
    words: list[Token] = []
    while i >= 0:
        t = doc[i]
        if t.dep_ == "det" or t.tag_ in ("DT", "PRP$") or (t.dep_ == "poss" and t.lower_ in _DETERMINERS_OK):
            if t.lower_ not in _DETERMINERS_OK:
                return None  # "a cache", "this service", "each worker"
            break
        owner = t.head if t.dep_ == "case" else t
        if owner.dep_ == "poss" and owner.head == head and owner.pos_ == "NOUN" and owner.text.isalpha():
            return None  # "the customer's forward proxy": whose it is, said by a common noun, is no name
        if t.dep_ == "poss" or t.like_url or "/" in t.text or t.is_space or (t.is_punct and t.text != "-"):
            break
        modifier = t.dep_ in _MODIFIER_DEPS or (t.dep_ == "punct" and t.text == "-")
        if head not in t.ancestors or not modifier:
            break
        words.insert(0, t)
        i -= 1
    return words


def _naming(words: list[Token]) -> bool:
    content = [w for w in words if w.is_alpha or any(c.isalpha() for c in w.text)]
    if not content or len(words) + 1 > _MAX_WORDS:
        return False
    if all(w.lower_ in NOT_NAMING_MODIFIERS or w.is_stop or w.tag_ in ("JJR", "JJS") or w.lower_.startswith("non-")
           for w in content):
        return False
    if any(w.like_num and not any(c.isalpha() for c in w.text) for w in words):
        return False
    verbal = any(w.pos_ == "VERB" and w.dep_ not in ("compound", "amod", "nmod") for w in words)
    return not verbal and not any(w.pos_ in ("ADP", "PRON", "CCONJ") for w in words)


def _opens_line(word: Token) -> bool:
    before = word.doc[word.i - 1] if word.i > 0 else None
    return before is None or word.is_sent_start or "\n" in before.text or before.is_punct


def _marked(word: Token) -> bool:
    """A word that only a name would contain: capitalised (a noun, or not merely because it opens the line: "Pause
    non-critical jobs"), or joined/numbered like an identifier - not an English adjective written with a hyphen
    ("non-critical", "long-lived")."""
    if word.text[:1].isupper() and (word.tag_.startswith("NN") or not _opens_line(word)):
        return True  # a line-opening capital marks a noun ("Tokenizer workers"), not an adjective or a verb
    if any(c.isdigit() for c in word.text):
        return True
    english = word.tag_ in ("JJ", "JJR", "JJS") and word.text.replace("-", "").isalpha()
    joined = any(c in word.text for c in "-_./")
    return joined and not english and word.lower_ not in NOT_NAMING_MODIFIERS


def system_phrases(doc: Doc) -> list[tuple[Span, str]]:
    """(span, entity type) of every noun phrase in ``doc`` that names a system by a system-noun head."""
    found: list[tuple[Span, str]] = []
    for head in doc:
        ent_type = SYSTEM_NOUNS.get(head.lower_) or SYSTEM_NOUNS.get(head.lemma_.lower())
        if ent_type is None or head.pos_ not in ("NOUN", "PROPN"):
            continue
        if head.i + 1 < len(doc) and doc[head.i + 1].dep_ == "compound" and doc[head.i + 1].head.i > head.i:
            continue  # "cache" in "cache hit rate" is a modifier, not a head
        words = _modifiers(head)
        if not words or not _naming(words):
            continue
        while words and (words[0].lower_ in NOT_NAMING_MODIFIERS or words[0].is_punct or words[0].tag_ == "VB"
                         or (words[0].lower_ in _NOTE_VERBS and _opens_line(words[0]))):
            words = words[1:]  # "the new billing queue" names "billing queue"; "Confirm [billing queue] ..."
        if not words or (head.tag_ == "NNS" and not any(_marked(w) for w in words)):
            continue  # "scheduled jobs", "the inference workers": a kind of system, not one named system
        found.append((doc[words[0].i : head.i + 1], ent_type))
    return found


_VERSION = re.compile(r"^v\d+(?:\.\d+)*$")
# Verbs that open a runbook step, a checklist item or a field line ("Update SDK to 2.3", "Confirm Triage Bot v2 is
# up", "Affects Hosted API"): capitalised only because they open the line, so never the first word of a name.
_LINE_VERBS = words("""use update upgrade confirm check verify add remove enable disable restart run set open create
    ensure ask contact escalate review affects affected impacts impacted install deploy rollback roll restore pin
    monitor see ping call""")
_MAX_NAME_WORDS = 4


def _title_word(tok: Token) -> bool:
    """A capitalised word of a name: not a function word, a number or a verb ("Update SDK" is an instruction)."""
    return (tok.text[:1].isupper() and not tok.is_stop and tok.text.replace("-", "").isalpha()
            and not tok.tag_.startswith("VB"))


def title_case_systems(doc: Doc) -> list[tuple[Span, str]]:
    """(span, entity type) of every title-case name ending in a capitalised system noun, with its version."""
    found: list[tuple[Span, str]] = []
    for head in doc:
        ent_type = SYSTEM_NOUNS.get(head.lower_)
        if ent_type is None or not _title_word(head):
            continue
        i = head.i
        while i > 0 and head.i - i < _MAX_NAME_WORDS - 1 and _title_word(doc[i - 1]) and "\n" not in doc[i - 1].text:
            i -= 1
        opens_line = i == 0 or doc[i].is_sent_start or "\n" in doc[i - 1].text or doc[i - 1].is_punct
        if opens_line and doc[i].lower_ in _LINE_VERBS:
            i += 1
        if i == head.i or (i > 0 and doc[i - 1].like_num):
            continue  # a lone capitalised noun ("Gateway"), a status phrase ("502 Bad Gateway")
        end = head.i + 1
        if end < len(doc) and _VERSION.match(doc[end].text):
            end += 1  # "Triage Bot v2"
        found.append((doc[i:end], ent_type))
    return found
