"""Who did something, read from the comment blocks of a ticket or review thread (part of stage 4, bind).

Trackers, review tools, mail and chat exports write a conversation as blocks: a header line that names the author
(the shapes of :mod:`zehn.agent.comment_headers`), then the body the author wrote, in which the author is the
unwritten subject ("Rolled back the renderer to v3.2", "Mitigation applied: throttled the export worker",
"Approved."). Lines quoted from another comment (``> ...``) are not the author's own words and are skipped; so are
questions and requests ("Did anyone flush the cache?", "Can someone update the runbook?"): the author only asked.

A block runs from its header to the next header, or to a section heading that is not a header (nor the
document's own title line, which can have a header's shape: "# Failover Test (Game Day) — <date>"). A question "who
<verb> <object>" binds to the body sentence that holds the asked verb (or a synonym) and at least half of the
asked terms (a comment on a ticket or pull request is about it, so the asked terms its document's title holds
count too: "Approved." under a review of the asked change), with no negation and no doer of its own ("disabled
by Ana", "Ben rolled back X": the author only reports those); the block's author is the answer, the body sentence
(and the header, when the exporter kept it in the same citable line) is the evidence. The author is given by the
block's structure, not by the sentence's words, so the hop grades ``inferred`` (``comment_author``) unless the
cited text names the author (the header line is cited beside the body when it is a citable line). A question that
names an identifier (a PR number, a ticket key) reads only the threads that name it (:mod:`zehn.agent.question_ids`).
The threads behind the best-ranked document are read only when it is itself a thread: a report or runbook ranked
first states who did what in its own lines ("Incident commander: <name>", an escalation list), which the passage
binder reads; a chat or mail thread behind it that uses the asked verb ("I'll run the mitigation") is talk about
another case (tune halves: reading them only then took three answers off another case's thread, lost none).
"Which team did X" is answered by the team in the header's brackets when the author is a person ("Ana Ruiz (SRE)").
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from spacy.tokens import Doc

from verify import HopGrade
from verify.lexicon import NEGATION_WORDS
from zehn.agent.bound import Bound, PathView
from zehn.agent.comment_headers import Header, header
from zehn.agent.doc_lines import lines
from zehn.agent.field_lists import GROUP_FOCI
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.question_ids import holds_all, named_identifiers
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.speakers import Speaker, roster

# The documents a "who did X" question reads comment blocks in: the best-ranked three, when the best-ranked one is
# itself a thread (the module's docstring).
DOCUMENTS_READ = 3
MIN_SHARE = 0.5  # a body sentence must hold at least half of the asked terms (the asked verb among them)
_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?: [A-Z][a-z'’.-]*)+$")  # "Ben Okafor", "Ana R." (a label word is one)
# The shared negation words, less "without", which qualifies an act ("rolled back without downtime") rather than
# denying it, plus "cannot", which whitespace splitting keeps whole.
_NEGATIONS = (NEGATION_WORDS - {"without"}) | {"cannot"}
_HANDLE_REACH = 3  # words before an act in which a listed handle is read as its doer
# Openings of a request rather than a report ("Can we get someone to ...", "Please update ...").
_ASKING = frozenset({"can", "could", "would", "should", "shall", "please", "let's", "lets", "may", "might"})


@dataclass(frozen=True)
class Block:
    author: str
    start: int  # the header line's start (document offset; the passage start when the header is a heading)
    end: int  # the body's end
    quoted: tuple[tuple[int, int], ...] = ()  # lines quoted from another comment ("> ...")
    role: str = ""  # the header's bracketed role or team ("Ana Ruiz (SRE)")
    chat: bool = False  # spoken by a listed chat handle ("tove (sre): ...", :mod:`zehn.agent.speakers`)

    def answerer(self, focus: str) -> str:
        """Who answers "which team / group did it": the header's team when the author is a person ("Ana Ruiz
        (SRE)" -> "SRE", "tove (sre)" -> "sre"), the author when it is itself a team ("Security (Ana Ruiz)"); else
        the author."""
        if focus in GROUP_FOCI and self.role and self.chat:
            return self.role
        if focus not in GROUP_FOCI or not self.role or not _PERSON.match(self.author) or \
                _PERSON.match(self.role):
            return self.author
        return self.role

    def own(self, sentence: Sentence) -> bool:
        """The sentence is in the block and is the author's own words (not a quote)."""
        return self.start <= sentence.start < self.end and not any(a <= sentence.start < b for a, b in self.quoted)


def speakers_of(doc_view: DocView) -> dict[str, Speaker]:
    """The chat handles the document's metadata lists (:func:`zehn.agent.speakers.roster`)."""
    return roster([s.text for s in doc_view.sentences if s.kind == "metadata"])


def turns(doc_view: DocView) -> list[Block]:
    """:func:`blocks` of the document with its own speakers, found once per document content (a turn's scene, its
    speakers and its hand-overs read them for every ask and passage; zehn/agent/doc_memo.py). Do not change the
    list: the next turn that reads the document gets it too."""
    _ = doc_view.sentences  # blocks reads them: this turn's evidence (and the count an answer states) holds them
    return doc_view.memo.of(blocks, doc_view)


def blocks(doc_view: DocView, speakers: dict[str, Speaker] | None = None) -> list[Block]:
    """The comment blocks of a document, in order (``speakers``: :func:`speakers_of`, when the caller has it)."""
    people = " ".join(s.text for s in doc_view.sentences if s.kind == "metadata")
    speakers = speakers_of(doc_view) if speakers is None else speakers
    out: list[Block] = []
    opened: Header | None = None  # the header of the block being read
    start = last = 0
    quoted: list[tuple[int, int]] = []
    title = doc_view.info.title.strip()
    for line in lines(doc_view):
        # The document's own title line names the document, never an author ("# Failover Test (Game Day) — <date>"
        # has a header's shape: a name, a bracket, a date).
        own_title = bool(title) and line.is_heading and line.text.strip().strip("#").strip() == title
        found = None if own_title else header(line.text, line.heading, people, speakers)
        if found is not None or line.is_heading:
            if opened is not None:
                out.append(Block(opened.author, start, last, tuple(quoted), opened.role, opened.chat))
            opened, start, quoted = found, line.start, []
        elif line.text.lstrip().startswith(">") and not (opened is not None and opened.quotes):
            quoted.append((line.start, line.end + 1))  # "On <date>, X wrote:": the quoted lines are X's words
        last = max(last, line.end)
    if opened is not None:
        out.append(Block(opened.author, start, last, tuple(quoted), opened.role, opened.chat))
    return out


def _asking(text: str) -> bool:
    first = text.split(maxsplit=1)
    return text.rstrip().endswith("?") or bool(first and first[0].casefold().strip(",") in _ASKING)


def _negated(text: str) -> bool:
    # Whitespace-split words keep contractions whole ("didn't"), hence the suffix test beside the shared list.
    return any(w in _NEGATIONS or w.endswith("n't") for w in words(text))


def act_negated(parse: Doc) -> bool:
    """A negation (a word of the shared list or the parser's ``neg``) negates the act unless it only qualifies the
    object of a preposition: "did not run the canary", "ran no canary" are negated; "ran the canary with no errors"
    reports the run. Shared by the comment-block and doer readers."""
    for t in parse:
        if t.dep_ != "neg" and t.lower_ not in _NEGATIONS and not t.lower_.endswith("n't"):
            continue
        qualified = t.head if t.dep_ == "det" else t
        if qualified.dep_ not in ("pobj", "pcomp"):
            return True
    return False


def _awaited(parse: Doc, predicate: str) -> bool:
    """The act is only named as a preposition's object ("waiting for review", "ready for deploy"): a state or a
    purpose, not the act done."""
    named = [t for t in parse if t.lemma_.casefold() == predicate]
    return bool(named) and all(t.dep_ == "pobj" for t in named)


def _someone_else(parse: Doc, predicate: str, author: str, handles: Collection[str] = ()) -> bool:
    """The act has a doer of its own in the sentence ("policy disabled by Ana", "Ben rolled back X", or a handle
    the document lists: "edgeops rotated the keys"): the author reports it, the author did not do it."""
    for verb in (t for t in parse if t.lemma_.casefold() == predicate):
        # A listed handle just before the act is its doer ("edgeops rotated", "while edgeops rotates", "a ticket with
        # edgeops to rotate"): the parser often gives a lowercase handle no subject arc.
        if any(t.text in handles and t.text.casefold() not in author.casefold()
               for t in parse[max(0, verb.i - _HANDLE_REACH):verb.i]):
            return True
        for c in verb.children:
            if c.dep_ == "agent" and any(g.dep_ == "pobj" for g in c.children):
                return True
            name = " ".join(t.text for t in c.subtree)
            if c.dep_ == "nsubj" and (c.ent_type_ == "PERSON" or _PERSON.match(name) or name in handles) and \
                    name.casefold() not in author.casefold():
                return True
    return False


def bind_comment(analysis: Analysis, views: Views, similarity: Similarity,
                 parses: Parses) -> Bound | None:
    """The author of the comment block whose body states the asked act, or None when no body does (or the
    best-ranked document is no thread: see the module's docstring)."""
    ask = analysis.asks[0]
    if ask.answer_type != "agent" or not ask.predicate or ask.predicate in LIGHT_VERBS:
        return None
    # "Which team rotated the keys": the asked kind is what the block's header answers, not words of the act.
    terms = [t for t in dict.fromkeys((ask.predicate, *ask.core)) if t not in GROUP_FOCI or t != ask.focus_head]
    target = analysis.subject.name if analysis.subject is not None else " ".join(terms[1:])
    documents = views()
    asked_ids = named_identifiers(analysis.question)
    found: list[tuple[int, int, Block, Sentence]] = []
    for rank, doc_view in enumerate(documents[:DOCUMENTS_READ] if documents and turns(documents[0]) else ()):
        if not holds_all(doc_view, asked_ids):
            continue  # a thread about something else (question_ids)
        titled = similarity.matches([t for t in terms if t != ask.predicate], words(doc_view.info.title))
        handles = speakers_of(doc_view)
        for block in blocks(doc_view, handles):
            for sentence in doc_view.sentences:
                if sentence.kind == "metadata" or not block.own(sentence) or _asking(sentence.text):
                    continue
                own = words(sentence.text)
                said = similarity.matches(terms, own)
                # A chat body is loose talk: only the act's own word (not a near synonym) states it there.
                if ask.predicate not in said and (block.chat or not similarity.synonym(ask.predicate, own)):
                    continue
                said |= titled | {ask.predicate}
                if len(said) < MIN_SHARE * len(terms):
                    continue
                # The parse is read only for a sentence that states the act: negation words are checked there.
                parse = parses.of([sentence])[sentence.id]
                if not (_negated(sentence.text) and act_negated(parse)) and not _awaited(parse, ask.predicate) and \
                        not _someone_else(parse, ask.predicate, block.author, handles):
                    found.append((len(said), -rank, block, sentence))
    if not found:
        return None
    best = max((f[0], f[1]) for f in found)
    paths: list[PathView] = []
    for _, rank, block, sentence in (f for f in found if (f[0], f[1]) == best):
        cited = [s for s in (_header_line(documents[-rank], block), sentence) if s is not None]
        cited = list({s.id: s for s in cited}.values())
        who = block.answerer(ask.focus_head)
        named = any(who.casefold() in s.text.casefold() for s in cited)
        graded = HopGrade("source_backed" if named else "inferred", ("comment_author",), sentence.id)
        rel = analysis.rel_type or ask.predicate.upper()
        paths.append(view(who, who, (who, target), [hop(who, rel, target, graded, sentence, "question")], [*cited]))
    return Bound(paths=tuple(paths), document=documents[-best[1]].info)


def _header_line(doc_view: DocView, block: Block) -> Sentence | None:
    """The citable line that holds the block's header (exporters keep some headers in a line of their own, merge
    some into the body's first sentence, and leave short ones uncitable)."""
    return next((s for s in doc_view.sentences if s.kind != "metadata" and s.start <= block.start <= s.end + 3
                 and block.author.casefold() in s.text.casefold()), None)
