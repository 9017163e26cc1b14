"""Work items as the departure query sees them: who holds an item, in which state, on which cited lines.

One :class:`WorkItem` per item a person holds: assigned in a document (``via="document"``: the ``assignee`` line,
source-backed) or handed to them by an approved hand-off (``via="handoff"``: cites the approval record, never a
sentence). Its state comes from the ``status`` / ``state`` line of its own documents (:mod:`.work_status`); with
several own documents, the most recently updated one that has a status line wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .cited_lines import CitedLine, cited_lines
from .outcomes import Row
from .work_status import WorkStatus, classify, status_line

Node = tuple[str, str, str]  # (id, name, type)
Via = Literal["document", "handoff"]


@dataclass(frozen=True)
class Hop:
    source: str
    rel_type: str
    target: str
    evidence_ids: tuple[str, ...]
    via: Via = "document"
    approval_id: str | None = None

    def to_dict(self) -> Row:
        return {"source": self.source, "rel_type": self.rel_type, "target": self.target,
                "evidence_ids": list(self.evidence_ids), "via": self.via, "approval_id": self.approval_id}


def path(nodes: Sequence[Node], hops: Sequence[Hop]) -> Row:
    """The path shape every walk row uses (see handlers.path_row), plus ``via`` per edge."""
    if len(nodes) != len(hops) + 1:
        raise ValueError("a path has one node more than it has hops")
    return {"node_ids": [n[0] for n in nodes], "names": [n[1] for n in nodes], "types": [n[2] for n in nodes],
            "rel_types": [h.rel_type for h in hops], "evidence_ids": [list(h.evidence_ids) for h in hops],
            "edges": [h.to_dict() for h in hops]}


def node(row: Mapping[str, Any], prefix: str = "") -> Node:
    return (str(row[f"{prefix}id"]), str(row.get(f"{prefix}name") or row[f"{prefix}id"]),
            str(row.get(f"{prefix}type") or ""))


@dataclass(frozen=True)
class Handoff:
    to: Node
    from_person: str | None
    approval_id: str
    approved_by: str
    approved_at: str

    def to_dict(self) -> Row:
        return {"to": {"id": self.to[0], "name": self.to[1], "type": self.to[2]}, "from_person": self.from_person,
                "approval_id": self.approval_id, "approved_by": self.approved_by, "approved_at": self.approved_at}


@dataclass(frozen=True)
class ItemState:
    """What an item's own documents say about it: its status (cited) and the hand-offs approved for it."""

    status: str | None
    status_class: WorkStatus
    status_line: CitedLine | None
    documents: tuple[Row, ...]
    handoffs: tuple[Handoff, ...]

    @property
    def last_updated(self) -> str | None:
        dates = [str(d["updated"]) for d in self.documents if d.get("updated")]
        return max(dates) if dates else None


UNRECORDED = ItemState(None, WorkStatus.UNKNOWN, None, (), ())


@dataclass(frozen=True)
class WorkItem:
    item: Node
    holder: str  # the person id the item is held by in this query
    via: Via
    assign_evidence: tuple[str, ...]
    state: ItemState
    received: Handoff | None = None  # the approval that handed it to ``holder`` (via="handoff")

    @property
    def handoffs_away(self) -> tuple[Handoff, ...]:
        """Approved hand-offs of this item from ``holder`` to someone else."""
        return tuple(h for h in self.state.handoffs if h.from_person == self.holder and h.to[0] != self.holder)

    def assignment_hop(self) -> Hop:
        if self.received is not None:
            return Hop(self.item[0], "ASSIGNED_TO", self.holder, (), "handoff", self.received.approval_id)
        return Hop(self.item[0], "ASSIGNED_TO", self.holder, self.assign_evidence)


def _handoff(raw: Mapping[str, Any]) -> Handoff:
    return Handoff((str(raw["to_id"]), str(raw.get("to_name") or raw["to_id"]), "Person"),
                   str(raw["from_person"]) if raw.get("from_person") else None, str(raw["approval_id"]),
                   str(raw["approved_by"]), str(raw["approved_at"]))


def _state(row: Mapping[str, Any]) -> ItemState:
    """Document summaries and the status line of the newest own document that has one."""
    docs = sorted(row.get("docs") or [], key=lambda d: (str(d.get("updated") or ""), str(d["id"])), reverse=True)
    chosen: CitedLine | None = None
    for doc in docs:
        found = status_line(cited_lines(str(doc["id"]), str(doc.get("front_matter") or ""), doc.get("evidence") or []))
        if found is not None:
            chosen = found
            break
    value = chosen.values[0] if chosen is not None else None
    summaries = tuple({k: doc.get(k) for k in ("id", "title", "source_type", "updated")} for doc in docs)
    return ItemState(value, classify(value), chosen, summaries, tuple(_handoff(h) for h in row.get("handoffs") or []))


def item_states(rows: Sequence[Mapping[str, Any]]) -> dict[str, ItemState]:
    """The ``work_status`` rows by item id."""
    return {str(r["item_id"]): _state(r) for r in rows}


def work_items(holder: str, assigned: Sequence[Mapping[str, Any]], states: Mapping[str, ItemState]) -> list[WorkItem]:
    """The ``assigned`` rows of one person joined with their items' states."""
    items: list[WorkItem] = []
    for row in assigned:
        state = states.get(str(row["item_id"]), UNRECORDED)
        via: Via = "handoff" if row.get("via") == "handoff" else "document"
        received = next((h for h in state.handoffs if h.approval_id == row.get("approval_id")), None) \
            if via == "handoff" else None
        items.append(WorkItem(node(row, "item_"), holder, via,
                              tuple(str(e) for e in row.get("evidence_ids") or []), state, received))
    return sorted(items, key=lambda w: (w.item[1].casefold(), w.item[0], w.via))
