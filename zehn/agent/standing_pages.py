"""A question that asks how things stand, and the documents that state how things stand: the pages read first.

Why: English asks about a standing rule or behaviour in the unmarked present ("what *must* support never ask a
customer whose import is stuck", "why *doesn't* the latency probe page off the weekly average", "for how long *is*
an export snapshot kept by default", "who *is allowed* to roll back a ledger schema") and about an event in the past
("what *was done* to drain the import backlog", "who *took over* the pager"). Enterprise writing keeps the two
apart: a page of a wiki or a shared drive (a spec, a decision record, a runbook, a contract, a workaround) states how
things are; a chat thread, an email, a meeting, a ticket or a pull request, and a postmortem record what happened
once, and often speak of the same rule in passing ("as the decision record says, we don't page off the average", a
ticket that applied the workaround). Their best passage matches the question's words as well as the page's, and a
short thread or ticket is discounted less for its length (:func:`zehn.agent.doc_scores.length_discount`) than a long
page, so the record ranked first though the page states the rule.

So a question whose every ask is in the unmarked present (:mod:`zehn.agent.asked_time`: nothing done, nothing
planned) ranks a standing page as if its score were :data:`STANDING_WEIGHT` higher. A page is a document of a wiki
or a shared drive (its source type) whose title names no single event: not a postmortem or retrospective, and no
day ("Postmortem: ledger drift (2031-03-03)", "Failover drill results - 2031-04-02" record that day). Like the
length discount, it orders the documents only: a view's score, which the near-document shares compare, is left as
it was.
"""

from __future__ import annotations

from verify.constraints import dates_in
from zehn.agent.lexical import terms
from zehn.agent.question import Analysis
from zehn.agent.rows import DocumentInfo

# How much higher a standing page ranks for a question in the present. Chosen on the tune halves (every set's tune
# half, para's whole) with bench/ranking.py: gold ranked first for 435 of 492 questions without it, 439 at 0.08, 440
# at 0.1, 442 from 0.12 to 0.15, 441 from 0.16 (a prospect's record fell behind a page); nothing fell from 0.05 to
# 0.15, and 0.13 sits inside the best range, not at an edge. zehn eval, every passage set's tune half: two wrong
# documents and one decline became the gold document cited, one right answer gained facts, nothing else moved.
STANDING_WEIGHT = 0.13
# The source types of wiki and shared-drive pages (extraction.documents.SOURCE_TYPES).
PAGE_SOURCES = frozenset({"confluence", "google_drive"})
# Title words that name a record of one event, not a standing page (zehn.agent.doc_references.DOCUMENT_KINDS names
# them too; "incident" is left out: a title writes it in a name, "the Incident Tracker", as often as for an event).
EVENT_RECORDS = frozenset({"postmortem", "retro", "retrospective"})


def asks_standing(analysis: Analysis) -> bool:
    """Every ask of the question is in the unmarked present: it asks how things are, not what was done or is
    planned."""
    return bool(analysis.asks) and all(a.time.when == "unmarked" for a in analysis.asks)


def standing_page(info: DocumentInfo) -> bool:
    """The document is a wiki or shared-drive page whose title names no single event (see the module)."""
    if info.source_type not in PAGE_SOURCES:
        return False
    said = terms(info.title.casefold().replace("post-mortem", "postmortem"))
    return not EVENT_RECORDS.intersection(said) and not any(v.count("-") >= 2 for v, _ in dates_in(info.title))


def standing_lift(analysis: Analysis, info: DocumentInfo) -> float:
    """How much higher ``info`` ranks for the question (:data:`STANDING_WEIGHT` or 0.0)."""
    return STANDING_WEIGHT if asks_standing(analysis) and standing_page(info) else 0.0
