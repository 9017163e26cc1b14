/** The inspector for a departure selection (a row, or a node or edge of the drawing): each row's path in words, the
 * sentences behind its evidence ids (through the radar's evidence tab, linking to the document view), the approval
 * record behind a hand-off, and the Cypher that ran. */
import { Link } from "react-router";
import { QueriesTable } from "../../shared/QueriesTable";
import { documentHref, peopleHref, relationWords } from "../../shared/links";
import { Tabs } from "../../shared/Tabs";
import { EvidenceTab, type EvidenceRequest } from "../radar/EvidenceTab";
import { ApprovalCitation } from "./ApprovalCitation";
import { pathsOf, type RowRef } from "./departureModel";
import { claimText, handedOffText, receivedText, ROW_GRADE_LABEL } from "./peopleWords";
import { RowGradeTag } from "./RowGradeTag";
import { rowText } from "./rowText";
import type { DepartureOut, DepartureRow, PathOut } from "./types";

type Name = (id: string) => string;

const GRADE_WHY = {
  source_backed: "read from a labelled line of the item's own document (its assignee, status or customer line)",
  inferred: "derived from several source lines (who else resolved, owns or reviewed work there), not stated by one",
  approval_record: "held through a hand-off approved in ZEHN: it cites the approval record, not a sentence",
} as const;

function evidenceRequests(ref: RowRef, name: Name): EvidenceRequest[] {
  const out: EvidenceRequest[] = [];
  const seen = new Set<string>();
  const row = ref.row;
  if (row.section === "open_work" && row.status_line?.evidence_id) {
    out.push({ label: `The status of ${row.item.name}`, rel_type: "", evidence_ids: [row.status_line.evidence_id] });
  }
  for (const p of pathsOf(row)) {
    for (const e of p.edges) {
      const key = `${e.source}|${e.rel_type}|${e.target}`;
      if (e.via === "handoff" || seen.has(key)) continue;
      seen.add(key);
      out.push({ label: `${name(e.source)} ${relationWords(e.rel_type)} ${name(e.target)}`, rel_type: e.rel_type,
        evidence_ids: e.evidence_ids });
    }
  }
  return out;
}

function Handoffs({ ref_, name }: { ref_: RowRef; name: Name }) {
  const row = ref_.row;
  if (row.section !== "open_work") return null;
  return (
    <>
      {(row.handed_off_to ?? []).map((h) => (
        <ApprovalCitation key={h.approval_id} approvalId={h.approval_id} text={handedOffText(h)} name={name} />
      ))}
      {row.received && (
        <ApprovalCitation approvalId={row.received.approval_id} name={name}
          text={receivedText(row.received, row.received.from_person ? name(row.received.from_person) : null)} />
      )}
    </>
  );
}

/** A successor's paths pair one to one with its claims; other rows show every distinct path. */
const shownPaths = (row: DepartureRow) => (row.section === "successors" ? row.paths : pathsOf(row));

function PathWords({ path, name, claim }: { path: PathOut; name: Name; claim?: string }) {
  return (
    <li className="path">
      {claim && <div className="path-head">{claim}</div>}
      <ol className="hop-list">
        {path.edges.map((e, j) => (
          <li key={j}>
            {name(e.source)} <span className="rel">{relationWords(e.rel_type)}</span> {name(e.target)}
            {e.via === "handoff" ? <span className="muted"> · by an approved hand-off</span>
              : e.evidence_ids.length === 0 ? <span className="muted"> · no evidence sentence recorded</span> : null}
          </li>
        ))}
      </ol>
    </li>
  );
}

function PathsTab({ refs, name }: { refs: RowRef[]; name: Name }) {
  return (
    <div>
      {refs.map((ref) => {
        const row = ref.row;
        const claims = row.section === "successors" ? row.claims : [];
        const paths = shownPaths(row);
        return (
          <section key={ref.key}>
            <h4 className="rel-title">{rowText(ref, name)}</h4>
            <ol className="path-list">
              {paths.map((p, i) => <PathWords key={i} path={p} name={name}
                claim={claims[i] ? claimText(claims[i], name) : undefined} />)}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

function EvidencePane({ refs, name }: { refs: RowRef[]; name: Name }) {
  return (
    <div>
      {refs.map((ref) => {
        const row = ref.row;
        const line = row.section === "open_work" ? row.status_line : null;
        return (
          <section key={ref.key} className="row-evidence">
            {refs.length > 1 && <h4 className="rel-title">{rowText(ref, name)}</h4>}
            <Handoffs ref_={ref} name={name} />
            {line && !line.evidence_id && (
              <p><Link to={documentHref(line.document_id, line.start, line.end)}>Open the status line of {row.entity.name}</Link></p>
            )}
            <EvidenceTab requests={evidenceRequests(ref, name)} />
          </section>
        );
      })}
    </div>
  );
}

export function DepartureInspector({ title, refs, departure, name, onClose }: {
  title: string; refs: RowRef[]; departure: DepartureOut; name: Name; onClose: () => void;
}) {
  const only = refs.length === 1 ? refs[0] : undefined;
  const handedOff = only?.row.section === "open_work" && only.row.state === "handed_off";
  const person = only?.row.section === "successors" ? only.row.person : null;
  return (
    <aside className="inspector" aria-label="Evidence inspector" data-testid="inspector">
      <header className="inspector-head">
        <h2>{title} {only && <RowGradeTag grade={handedOff ? "approval_record" : only.row.grade} />}</h2>
        <button type="button" className="btn" onClick={onClose} aria-keyshortcuts="Escape">Close</button>
      </header>
      {only && (handedOff
        ? <p className="muted">Handed off through an approval recorded in ZEHN; the assignment it replaces is cited below.</p>
        : <p className="muted">Why {ROW_GRADE_LABEL[only.row.grade]}: {GRADE_WHY[only.row.grade]}.</p>)}
      {person && <p><Link to={peopleHref(person.id)}>Open {person.name} in People</Link></p>}
      {refs.length === 0 && <p className="muted">No row of this departure goes through the selection.</p>}
      <Tabs label="Inspector" tabs={[
        { id: "evidence", label: "Evidence", render: () => <EvidencePane refs={refs} name={name} /> },
        { id: "paths", label: `Paths (${refs.reduce((n, r) => n + shownPaths(r.row).length, 0)})`,
          render: () => <PathsTab refs={refs} name={name} /> },
        { id: "queries", label: `Queries (${departure.queries.length})`,
          render: () => <QueriesTable queries={departure.queries} /> },
      ]} />
    </aside>
  );
}
