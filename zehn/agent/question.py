"""What a question asks, as the analysis stage reads it: the typed input of every later stage.

Routes (what kind of knowledge answers it):

=============  ==============================================================  ================================
route          shape                                                           answered from
=============  ==============================================================  ================================
ownership      who owns / maintains / is responsible for X, X's owner          OWNS|MAINTAINS edges, then
                                                                               sentences bound at question time
participation  who did something to X (assignee, reporter, approver, ...)     who-did-what edges, labelled
                                                                               lines, bound sentences
dependency     what does X depend on / use / call                              DEPENDS_ON-family walk
dependents     what depends on / uses X                                        the walk turned round
impact         what breaks / is affected if X changes, what did X break       the impact walk, bound sentences
yes_no         does / is / can ... (a statement to confirm or deny)            a graded relation or statement
why            why ..., what caused ...                                        causal sentences, cause sections
list           which Xs (plural) / what are the Xs                             the passage that lists them
attribute      anything else: what / which / when / how many ...              the passage holding the filler
=============  ==============================================================  ================================

Answer types (what fills the asked slot): ``agent`` (a person or team), ``date``, ``duration``, ``frequency``
(how often: "every 5 minutes", "daily", "12 of 6000 retries"), ``quantity``
(a number, with its unit when it has one), ``version``, ``system`` (a named service, component, ...),
``identifier`` (a field, header, key, ticket ...), ``cause``, ``fix``, ``items`` (a list), ``statement``
(a yes/no question), ``description`` (anything a sentence says).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from spacy.tokens import Doc

from verify.constraints import Constraint
from zehn.agent.asked_time import UNMARKED, AskedTime

Route = Literal["ownership", "participation", "dependency", "dependents", "impact", "yes_no", "why", "list",
                "attribute"]
AnswerType = Literal["agent", "date", "duration", "frequency", "quantity", "version", "system", "identifier", "cause",
                     "fix", "items", "statement", "description"]
__all__ = ["DOCUMENT_WORDS", "ENTITY_ROUTES", "Analysis", "AnswerType", "Ask", "AskedTime", "Constraint", "Route",
           "SubjectPhrase"]
ENTITY_ROUTES: frozenset[str] = frozenset({"ownership", "participation", "dependency", "dependents", "impact"})


# Words that say what kind of document a phrase names, not what it is about ("the ticket about X").
DOCUMENT_WORDS = frozenset({"ticket", "tickets", "page", "pages", "document", "doc", "issue", "thread", "about",
                            "on", "regarding", "for", "concerning", "request"})


@dataclass(frozen=True)
class SubjectPhrase:
    """What the question is about, as written: the phrase, a name to resolve, its head noun and a type hint."""

    text: str  # the whole phrase ("the cleanup job that purges ...")
    name: str  # what resolution looks up ("cleanup job", "rate-engine")
    head: str  # head lemma ("work", "rate-engine")
    type_hint: tuple[str, ...] = ()  # entity types a type noun implies ("the Payments team" -> Team)
    terms: tuple[str, ...] = ()  # content lemmas of the whole phrase
    identifiers: tuple[str, ...] = ()  # identifier-shaped words of the name ("continuous-batcher" in a longer name)
    references: tuple[str, ...] = ()  # tracker keys and pull requests in the phrase ("PR #5234", "OPS-12")

    @property
    def describes_document(self) -> bool:
        """The phrase is a document described by its topic ("the ticket where X", "the Private ticket about Y"):
        its head says what kind of document it is, so it names no entity."""
        return self.head in DOCUMENT_WORDS

    def names(self) -> tuple[str, ...]:
        """What resolution tries, in order: a tracker key or pull request the phrase names (the most specific
        name a question can give: "what did the batcher change PR #5 break" asks about PR #5), then the name, then
        each identifier in it."""
        return tuple(dict.fromkeys((*self.references, self.name, *self.identifiers)))


@dataclass(frozen=True)
class Ask:
    """One thing asked (a question can ask several: "what was the root cause and what fixed it")."""

    text: str  # the wh-clause as written
    wh: str  # who / what / which / when / where / why / how / how many / how long / whether
    focus: str  # the asked thing in words ("root cause", "retention duration", "owner")
    focus_head: str  # its head lemma
    predicate: str  # the main verb lemma of the clause ("" when none)
    answer_type: AnswerType
    terms: tuple[str, ...]  # content lemmas of the whole clause
    negated: bool = False
    core: tuple[str, ...] = ()  # the asked thing's own terms: focus, verb, the verb's arguments (not scene-setting)
    names: tuple[str, ...] = ()  # the core terms that name things (identifiers used as nouns): a source needs them
    # When the asked act happens (done, to come, not said), read from the clause's main verb: the one reading every
    # stage that weighs done against planned consults (:mod:`zehn.agent.asked_time`).
    time: AskedTime = UNMARKED
    focus_terms: tuple[str, ...] = ()  # the lemmas of ``focus`` ("underlying cause": "underlie", "cause")
    # The property the ask claims of the asked thing ("exactly-once" delivery): a source must write it
    # (:mod:`zehn.agent.asked_quality`).
    qualities: tuple[str, ...] = ()
    # The measure a value must be stated for ("error rate": "error"; "read timeout": "read", "timeout"): a line holding
    # a value of the asked type for another measure does not answer (:mod:`zehn.agent.asked_measure`).
    measure: tuple[str, ...] = ()
    # The asked act is an event that must still come about ("what has to *happen* / must *be done* before X"): a step
    # or condition to come, not a consequence (:func:`zehn.agent.focus.roles_for`).
    needed: bool = False
    # The head of the asked act's subject when a possessor qualifies it ("the X's *breaker*"): a typed value's line
    # must name it (:mod:`zehn.agent.possessed`).
    possessed: tuple[str, ...] = ()
    # The core terms carried from an earlier part the ask points back to ("... and does the endpoint need *that* full
    # path": the path part's words; :mod:`zehn.agent.polar_parts`): they say what it is about, not what it asks.
    carried: tuple[str, ...] = ()


@dataclass(frozen=True)
class Analysis:
    question: str
    route: Route
    asks: tuple[Ask, ...]
    subject: SubjectPhrase | None  # the entity route's subject (the first end for a yes/no relation)
    other: SubjectPhrase | None  # the second end of a yes/no relation ("does A depend on B": B)
    rel_type: str | None  # the relation an entity route or a yes/no relation asks about
    anchors: tuple[str, ...]  # identifiers, acronyms, quoted terms: a source must mention every one
    names: tuple[str, ...]  # hyphenated words, acronyms: some document must hold their words (not this one)
    constraints: tuple[Constraint, ...]
    terms: tuple[str, ...]  # every content lemma of the question, context included (for retrieval)
    # The question's own parse, entities left out (stage 1 skips the recogniser): later stages read its tags,
    # dependencies and lemmas from here instead of parsing the question again. Not part of what the analysis says.
    parse: Doc | None = field(default=None, compare=False, repr=False)

    @property
    def asks_past(self) -> bool:
        """Some ask is about an act done ("what change *triggered* it", "what *was* the fix")."""
        return any(a.time.past for a in self.asks)

    @property
    def entity_route(self) -> bool:
        return self.route in ENTITY_ROUTES

    def summary(self) -> dict[str, object]:
        """The plan event's view of the analysis."""
        return {"route": self.route, "asks": [{"wh": a.wh, "focus": a.focus, "type": a.answer_type,
                                               "predicate": a.predicate} for a in self.asks],
                "subject": self.subject.text if self.subject else None,
                "other": self.other.text if self.other else None, "rel_type": self.rel_type,
                "anchors": list(self.anchors), "names": list(self.names),
                "constraints": [c.text for c in self.constraints]}
