""""Who should I ask about X?": the people behind the evidence that answers X, ranked, with a drafted question.

1/3 search   the catalogue's ``search_evidence(text=X)`` (hybrid when the service has an embedder): the sentences
             it ranks, and those of its best chunks that share a content word with X (headings are titles, not
             evidence anyone wrote, and are left out);
2/3 credit   each sentence to the people of its document (:mod:`zehn.people.roles`): its *writer* is the speaker
             of its turn line when that is a person named on the document, else the document's authors; every
             other person named on the document (participant, owner, assignee, reviewer...) is *involved*;
3/3 rank     by sentences written, then by the most recent document they are credited on, then by sentences
             involved, then name. A drafted question to each cites their sentences by evidence id and title,
             quoting them verbatim. It is a draft: ZEHN never sends it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from extraction.identity import name_key
from extraction.vocabulary import words as word_set
from traversal_policy import Found, NoEvidence, QueryFailed, TraversalExecutor
from traversal_policy.params import words
from traversal_policy.runner import Trace
from zehn.answers.model import PolicyOut
from zehn.people import cypher
from zehn.people.model import DocumentRef, QueryRun, runs
from zehn.people.roles import WRITER_ROLES, DocumentFacts, document_facts
from zehn.people.turns import speaker_at

SEARCH_K = 20
MAX_EXPERTS = 10
QUOTES_PER_EXPERT = 3
QUOTES_IN_DRAFT = 2
FUNCTION_WORDS = word_set("""the and for with about from that this what who whom how are was were has have had not but
you your our its into onto over than then them they there when where which while will would can could should
does did any all some who's what's it's""")


class ExpertEvidence(BaseModel):
    id: str
    text: str = Field(description="Verbatim: document.text[start:end].")
    document: DocumentRef
    start: int
    end: int
    credit: Literal["wrote", "involved"]


class DraftQuestion(BaseModel):
    text: str
    cites: list[str] = Field(description="Evidence ids the draft quotes.")
    sent: Literal[False] = False


class Expert(BaseModel):
    rank: int
    id: str
    name: str
    wrote: int = Field(description="Sentences of the evidence they wrote.")
    involved: int = Field(description="Sentences of documents they are named on, written by someone else.")
    roles: list[str]
    documents: list[DocumentRef]
    last_activity: str | None
    evidence: list[ExpertEvidence]
    draft: DraftQuestion


class ExpertsOut(BaseModel):
    about: str
    outcome: Literal["found", "no_evidence"]
    message: str | None = None
    experts: list[Expert] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    queries: list[QueryRun]
    policy: PolicyOut


@dataclass
class _Credit:
    name: str
    wrote: list[ExpertEvidence] = field(default_factory=list)
    involved: list[ExpertEvidence] = field(default_factory=list)
    roles: set[str] = field(default_factory=set)
    documents: dict[str, DocumentRef] = field(default_factory=dict)


def relevant(rows: Sequence[Mapping[str, Any]], about: str) -> list[Mapping[str, Any]]:
    """The sentences that answer X: direct hits, and chunk sentences sharing a content word with X."""
    wanted = {w for w in words(about) if len(w) >= 3 and w not in FUNCTION_WORDS}
    out = []
    for row in rows:
        text = str(row.get("text") or "")
        if row.get("kind") != "evidence" or text.lstrip().startswith("#"):
            continue
        if row.get("via_chunk") and not wanted & set(words(text)):
            continue
        out.append(row)
    return out


def _writers(doc: DocumentFacts, text: str, body_start: int, start: int) -> list[str]:
    speaker = speaker_at(text, start, body_start)
    if speaker is not None:
        named = [p.person_id for p in doc.people if name_key(p.name) == name_key(speaker)]
        if named:
            return named[:1]
    return list(dict.fromkeys(p.person_id for p in doc.people if p.role in WRITER_ROLES))


def credit(sentences: Sequence[Mapping[str, Any]], docs: Mapping[str, Mapping[str, Any]]) -> dict[str, _Credit]:
    people: dict[str, _Credit] = {}
    facts = {d: document_facts(row) for d, row in docs.items()}
    for s in sentences:
        doc_id = str(s["document_id"])
        if doc_id not in facts:
            continue
        fact, raw = facts[doc_id], docs[doc_id]
        ref = DocumentRef(id=fact.id, title=fact.title, source_type=fact.source_type, updated=fact.updated)
        writers = _writers(fact, str(raw.get("text") or ""), int(raw.get("body_start") or 0), int(s["start"]))
        for p in fact.people:
            entry = people.setdefault(p.person_id, _Credit(p.name))
            entry.roles.add(p.role)
            entry.documents[ref.id] = ref
        for pid in dict.fromkeys(p.person_id for p in fact.people):
            how: Literal["wrote", "involved"] = "wrote" if pid in writers else "involved"
            ev = ExpertEvidence(id=str(s["id"]), text=str(s["text"]), document=ref, start=int(s["start"]),
                                end=int(s["end"]), credit=how)
            bucket = people[pid].wrote if how == "wrote" else people[pid].involved
            if all(e.id != ev.id for e in bucket):
                bucket.append(ev)
    return people


def draft_question(name: str, about: str, evidence: Sequence[ExpertEvidence]) -> DraftQuestion:
    quotes = list(evidence[:QUOTES_IN_DRAFT])
    first = name.split()[0] if name.split() else name
    lines = [f"Hi {first}, I'm looking into {about.strip()}."]
    for ev in quotes:
        where = ev.document.title or ev.document.id
        lines.append(f'In "{where}" ({ev.document.updated or "undated"}) I found: "{ev.text.strip()}" [{ev.id}]')
    lines.append("Is this still accurate, and is there anything I should know or anyone else I should ask?")
    return DraftQuestion(text="\n".join(lines), cites=[ev.id for ev in quotes])


def _rank(people: dict[str, _Credit], about: str) -> list[Expert]:
    def last(c: _Credit) -> str:
        return max((d.updated or "" for d in c.documents.values()), default="")

    ordered = sorted(people.items(), key=lambda kv: (-len(kv[1].wrote), _neg(last(kv[1])), -len(kv[1].involved),
                                                     kv[1].name.casefold()))
    experts = []
    for rank, (pid, c) in enumerate(ordered[:MAX_EXPERTS], start=1):
        shown = (c.wrote + c.involved)[:QUOTES_PER_EXPERT]
        docs = sorted(c.documents.values(), key=lambda d: d.updated or "", reverse=True)
        experts.append(Expert(rank=rank, id=pid, name=c.name, wrote=len(c.wrote), involved=len(c.involved),
                              roles=sorted(c.roles), documents=docs, last_activity=last(c) or None, evidence=shown,
                              draft=draft_question(c.name, about, shown)))
    return experts


def _neg(date: str) -> tuple[int, ...]:
    """Sort key putting later ISO dates first."""
    return tuple(-ord(ch) for ch in date)


def experts(executor: TraversalExecutor, about: str) -> ExpertsOut:
    info = executor.policy.info()
    policy = PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode)
    found = executor.run("search_evidence", {"text": about, "k": SEARCH_K})
    if isinstance(found, QueryFailed):
        raise found.error
    if isinstance(found, NoEvidence):
        return ExpertsOut(about=about, outcome="no_evidence", message=found.message, queries=runs(found.queries),
                          policy=policy)
    assert isinstance(found, Found)
    sentences = relevant(found.rows, about)
    trace = Trace(executor.graph, executor.timeout_ms)
    doc_ids = sorted({str(s["document_id"]) for s in sentences})
    docs = {str(r["id"]): r for r in trace.rows("documents", cypher.DOCUMENTS_WITH_TEXT, {"ids": doc_ids})}
    ranked = _rank(credit(sentences, docs), about)
    records = runs(found.queries) + runs(trace.records)
    if not ranked:
        return ExpertsOut(about=about, outcome="no_evidence", queries=records, policy=policy, notes=list(found.notes),
                          message="evidence was found, but none of its documents names a person")
    return ExpertsOut(about=about, outcome="found", experts=ranked, notes=list(found.notes), queries=records,
                      policy=policy)
