"""Is the asked thing itself in a sentence that holds a value of the asked type? Stage 4's check that a typed value
belongs to what the question asks about, not to something else the sentence mentions.

Near misses on real documents share the topic's words with the sentence they would be answered from: a question
asks a median batch size of a thread that gives a batch hold time, the SDK version that turned a feature on of a
ticket that names the SDK version to upgrade to, the name of a model of a page that names a route. The value is of
the asked type; the thing it belongs to is another. English says which thing is asked in two places: the words of
the focus phrase that are not its kind noun, and the act and its arguments.
"""

from __future__ import annotations

import re

from spacy.lang.en.stop_words import STOP_WORDS

from extraction.verb_reader import PARTICLES
from verify.fillers import TIME_UNITS
from zehn.agent.act_phrases import same_act
from zehn.agent.focus import DURATION_VERBS, KIND_WORDS, OCCURRENCE_VERBS, UNIT_SYMBOLS, VERB_TYPES
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS, words
from zehn.agent.lexical import plural_stems
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity
from zehn.agent.situation import MIN_HELD


def asked_thing_held(ask: Ask, lemmas: list[str], verbs: list[str], similarity: Similarity,
                     context: tuple[str, ...], core: tuple[str, ...], unit: bool = False) -> bool:
    """A typed value answers only for the asked thing, named as the question names it (``core``: the ask's own
    terms, its focus and verb among them, less those judged elsewhere):

    1. **which one**: every name in the focus ("*ledger-sync* retry limit") and, unless the sentence names the
       thing by the focus's own noun ("the new X *header*"), every other word of the focus that says which one of
       its kind is asked ("*median batch* size", "*SDK* version", "the
       name of the *model*"), not a word that only names the kind ("size", "version", "name"); a "median batch
       size" is not stated by a sentence that gives a batch hold time;
    2. **of what act**: when the ask has terms beyond its focus (a content verb and its arguments: "which SDK
       version *turned on the ONNX exporter*"), the verb (or a synonym of it:
       :func:`zehn.agent.act_phrases.same_act`), or half of those terms and at least
       :data:`~zehn.agent.situation.MIN_HELD` (one word in common is chance); a version the sentence upgrades to,
       next to one word of the question, is not the version that turned something on. A count of
       what a cause brought about ("how many duplicates did the signature mismatch *cause*") is of the effect:
       the cause is the case its passage is about (held there: the passage's coverage), and the line that counts
       the effect ("~120 duplicate confirmations") need not name it again.
    """
    focus = {w for w in words(ask.focus) if any(c.isalpha() for c in w)}  # "ledger-sync", not "5"
    # A focus that is a unit of measure ("how many *days*": "day") is stated by every value of the type, so it is not
    # a word of the act ("90 days for most audit logs" holds "day" and "log", never "shift"). A counted thing ("how
    # many concurrent *users*") names what is asked and still counts (facts9 tune: a unit-only rule loses nothing).
    unit_focus = ask.focus_head in TIME_UNITS or ask.focus_head in UNIT_SYMBOLS
    kind = focus | ({ask.focus_head} if unit_focus else set())
    which = tuple(w for w in (*focus, *_of_what(ask)) if not _kind_word(w) and w not in context)
    # ``unit``: the sentence states the focus by its unit symbol ("how many seconds": "for 2s").
    named = unit or (bool(ask.focus_head) and bool(similarity.matches((ask.focus_head,), lemmas)))
    # A name among them ("*ledger-sync* retry limit") is needed even then: the same limit of another system is not it.
    needed = which if not named else tuple(w for w in which if w in ask.names or any(c in w for c in "-_0123456789"))
    if needed and len(similarity.matches(needed, lemmas)) < len(needed):
        return False
    # "the exporter's *breaker*": the possessed subject is the asked thing; the possessor only says whose.
    # (Not when it is the focus itself, "the cache's *TTL*": the focus checks above judge that.)
    possessed = tuple(w for w in ask.possessed if w not in focus and w != ask.focus_head)
    if possessed and not similarity.matches(possessed, [*lemmas, *_compound_parts(lemmas)]):
        return False
    if ask.answer_type == "quantity" and VERB_TYPES.get(ask.predicate) == "cause":
        return True  # "how many duplicates did the mismatch *cause*": a count of the effect (see the docstring)
    # A support verb ("a TTL was *put* on X") lends the focus its meaning: the act is the focus's own ("TTL set").
    content_verb = ask.predicate not in LIGHT_VERBS | SUPPORT_VERBS | DURATION_VERBS | OCCURRENCE_VERBS | KIND_WORDS
    # A number-bearing word of the question (a version, an incident number: "in *1.4.2*") says which case as much.
    marked = tuple(t for t in ask.terms if any(c.isdigit() for c in t) and any(c.isalpha() or c == "." for c in t))
    others = tuple(t for t in dict.fromkeys((*core, *marked, ask.predicate)) if t and t not in kind and
                   (content_verb or t != ask.predicate))
    if not others:
        return True
    held = similarity.matches(others, [*lemmas, *_compound_parts(lemmas)]) | \
        {t for t in others if _particle_noun(t, lemmas) or _by_head(t, lemmas)}
    return len(held) >= min(MIN_HELD, -(-len(others) // 2)) or (content_verb and (
        ask.predicate in held or same_act(ask.predicate, verbs, similarity)))  # "shipped" ~ "released"


def _kind_word(word: str) -> bool:
    """A word that only names the kind asked, in the singular or the plural the focus is written in ("which TLS
    *versions*", "what retention *windows*", "which *patches*"): the focus's words are read as written, not as
    lemmas, so each stem a plural may come from is looked up (:func:`zehn.agent.lexical.plural_stems`)."""
    return word in KIND_WORDS or any(stem in KIND_WORDS for stem in plural_stems(word))


def _compound_parts(lemmas: list[str]) -> list[str]:
    """The words of the sentence's hyphenated compounds ("cache-flush": cache, flush): written as one word, they
    still name the asked thing ("the route change")."""
    return [p for w in lemmas if "-" in w.strip("-") for p in w.split("-") if p.isalpha()]


def _by_head(term: str, lemmas: list[str]) -> bool:
    """A hyphenated name held by its head noun, its last part ("identity-proxy" by "the proxy config"): a
    document that has introduced the name goes on to call it by its kind. Only a head of four letters or more."""
    head = term.rsplit("-", 1)[-1] if "-" in term.strip("-") else ""
    return len(head) >= 4 and head.isalpha() and head in lemmas


def _particle_noun(term: str, lemmas: list[str]) -> bool:
    """The sentence names an asked act by the one-word noun its phrasal verb makes: "timing out" ~ "timeout",
    "rolled back" ~ "rollback", "fail over" ~ "failover" (the question's word may be a lemma or an -ing form)."""
    stems = {term}
    if term.endswith("ing") and len(term) > 5:
        bare = term[:-3]
        stems |= {bare, bare + "e"} | ({bare[:-1]} if bare[-1] == bare[-2] else set())  # timing, running
    return any(lemma[: len(stem)] == stem and lemma[len(stem):].lstrip("-") in PARTICLES
               for lemma in lemmas for stem in stems)


def _of_what(ask: Ask) -> tuple[str, ...]:
    """The words of the phrase a kind-only focus is "of" ("the *name* of the *smaller model* that ..."), which say
    whose name is asked: its head noun and its modifiers, as a focus's own modifiers do ("*median batch* size"). A
    sentence that names the *primary* model has not named the smaller one."""
    found = re.search(rf"\b{re.escape(ask.focus_head)}s? of (?:the |a |an |its |their )?([\w -]+?)"
                      r"(?= that | which | who | in | on | for | during | after | before | at |[,?]|$)", ask.text,
                      re.IGNORECASE) if ask.focus_head and ask.focus_head in KIND_WORDS else None
    return tuple(w for w in words(found.group(1)) if w not in STOP_WORDS and w.isalpha()) if found else ()
