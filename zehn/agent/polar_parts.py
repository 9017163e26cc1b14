"""The yes/no parts of a question that also asks wh-things, and what a later part's "that" / "it" refers to (part of
stage 1, analyse).

A question may ask several things in one sentence, some of them whether something holds: "Which path does the
adapter post to, *and does the endpoint have to be configured with that full path*?", "*Did sign-off become a hard
gate*, and who made that call?", "*Does each event need an id*, *may trace ids be exposed for it*, and who settled
that?". English marks such a part by subject-auxiliary inversion at the head of a clause (after a comma, a
coordinating "and"/"but"/"or", or at the start of the sentence): the auxiliary comes before its subject. Each
such clause is an ask of its own, of type ``statement`` (wh-word "whether"), beside the wh-asks.

A later part that names no matter of its own but points back ("who settled *that*", "exposed for *it*", "when did
*that handoff* happen") asks about what the part before it asks: that part's terms are carried into it, so the line
that answers it is read about the same matter (a person named in a line about something else answered nothing).
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Doc, Span, Token

from zehn.agent.asked_time import asked_time
from zehn.agent.focus import KIND_WORDS
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Ask
from zehn.agent.whole_asks import YES_NO_OPENERS

# Words after which a clause may open ("X, and does Y", "X; is Y", "X? Does Y"): a comma, a coordinator, a stop.
_CLAUSE_JOINERS = frozenset({",", ";", "and", "but", "or", "?", "."})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
# Words that point back to something the question named before them: a pronoun for a thing ("it", "that"), or a
# demonstrative determiner of a noun ("that call", "this change"). "they", "he", "she" point to a person and are
# read by :mod:`zehn.agent.dependent_asks`.
_POINTING = frozenset({"it", "that", "this", "these", "those"})


def polar_openers(doc: Doc, whs: list[Token]) -> list[Token]:
    """The auxiliaries that open a yes/no clause: at the start of the question or after a clause joiner, and
    inverted (its clause's subject comes after it): "*does* the endpoint have to ...", "*may* our ids be exposed".
    Not one whose clause runs into a wh-word with no joiner between ("*Do* you know why X broke"): the wh-clause
    is its object, the question asks only what the wh-word asks (``whs``: the question's wh-words)."""
    out = []
    for t in doc:
        if t.lower_ not in YES_NO_OPENERS or t.pos_ != "AUX":
            continue
        if t.i > 0 and doc[t.i - 1].lower_ not in _CLAUSE_JOINERS:
            continue
        verb = t.head if t.dep_ in ("aux", "auxpass") else t
        # A sentence that opens with an auxiliary is inverted whatever the parse hung after it ("Did SRE sign-off
        # become ...": a subject the tagger read as an object); inside a sentence, the subject must follow.
        opens = t.i == 0 or doc[t.i - 1].lower_ in ("?", ".")
        if not opens and not any(c.dep_ in _SUBJECTS and c.i > t.i for c in verb.children):
            continue
        wh = next((w for w in whs if w.i > t.i), None)
        if wh is None or any(j.lower_ in _CLAUSE_JOINERS for j in doc[t.i + 1:wh.i]):
            out.append(t)
    return out


def polar_ask(clause: Span) -> Ask:
    """One yes/no part as an ask whether its statement holds: its main verb is the act (the auxiliary's head, or the
    auxiliary itself when it is the copula: "is X on")."""
    opener = clause[0]
    verb = opener.head if opener.dep_ in ("aux", "auxpass") and clause.start <= opener.head.i < clause.end else opener
    lemma = verb.lemma_.casefold() if verb.pos_ in ("VERB", "AUX", "ADJ") else ""
    terms = content_terms(clause)
    return Ask(clause.text, "whether", "", "", lemma, "statement", terms, any(t.dep_ == "neg" for t in clause), terms,
               time=asked_time(clause))


def points_back(clause: Span) -> str:
    """How the part names what it asks about by pointing back: ``"matter"`` for "that" / "this" as a pronoun or on a
    noun ("who settled *that*", "who made *that call*"): the earlier part's whole matter, its act included (carried
    only beside a yes/no part, which names no thing a noun could stand for: the noun names the statement as a
    decision or an event); ``"thing"`` for "it" / "these" / "those" as what is acted on ("exposed for *it*", "why
    isn't *it* considered a fix"): a thing the earlier part named, its nouns. "" when it does not point back; so for
    a pronoun that does the act ("what should *it* show"), which stands for a doer, not the matter."""
    for t in clause:
        if t.lower_ not in _POINTING or t.i == clause.start:
            continue
        if t.dep_ == "det" and t.lower_ in ("that", "this") and t.head.pos_ in ("NOUN", "PROPN"):
            return "matter"
        if t.pos_ == "PRON" and (t.dep_ in ("dobj", "pobj", "nsubjpass") or (t.dep_ == "nsubj" and _undergoes(t))):
            return "matter" if t.lower_ in ("that", "this") else "thing"
    return ""


def _undergoes(subject: Token) -> bool:
    """The subject does not do the act: its verb is a copula or passive ("why isn't *it* considered a fix", the
    parser hanging "it" as a plain subject)."""
    verb = subject.head
    return verb.lemma_ == "be" or any(c.dep_ == "auxpass" for c in verb.children)


def carried_matter(ask: Ask, clause: Span, before: Ask | None) -> Ask:
    """A part that points back (:func:`points_back`) to a yes/no part, or a yes/no part that points back, takes the
    terms of the part before it. A yes/no part always does (its words are a statement about that matter); a wh-part
    after a yes/no part does when its own words name little more than the kind of thing asked (at most one term
    besides its verb, its focus and the words that name a kind of answer: "who *made* that *call*"): one that names
    its own matter ("how many concurrent users is it sized for") is bound by its own words. The earlier part's focus
    (what it wanted) is not carried unless it is a yes/no part, whose words are all its matter.

    Between two wh-parts nothing is carried: "what caused X, and which patch resolved *it*" asks for a line that names
    the patch, which need not repeat X's words (public tune half: such a part, made to carry them, was reported as
    not established beside the very line that names the version)."""
    how = points_back(clause) if before is not None else ""
    if before is None or not how or "statement" not in (before.answer_type, ask.answer_type):
        return ask
    own = [t for t in ask.core if t not in KIND_WORDS and t not in {ask.predicate, ask.focus_head, *ask.focus_terms}]
    # A fix is not carried into: a remedy's line names the remedy ("raised the per-org cap"), and its section is about
    # the whole incident, not the problem's words (para tune half: "how did they fix it for good" lost its line).
    if ask.answer_type == "fix" or (ask.answer_type != "statement" and len(own) > 1):
        return ask
    wanted = {*before.focus_terms, before.focus_head} - {""} if before.answer_type != "statement" else set()
    nouns = {t.lemma_.casefold() for t in clause.doc if t.pos_ in ("NOUN", "PROPN")} if how == "thing" else None
    matter = tuple(t for t in before.core if t not in wanted and (nouns is None or t in nouns))
    if not matter:
        return ask
    return replace(ask, terms=tuple(dict.fromkeys((*ask.terms, *matter))),
                   core=tuple(dict.fromkeys((*ask.core, *matter))),
                   carried=tuple(t for t in dict.fromkeys(matter) if t not in ask.core))
