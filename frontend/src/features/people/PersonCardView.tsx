/**
 * A person's card: who they are in the sources (teams, roles, documents), their open work in numbers, and their
 * centrality (PageRank, betweenness over the collaboration projection) with what each number rests on: the
 * documents and collaborators counted, and the metadata lines that name them with each collaborator.
 */
import { useState } from "react";
import { Link } from "react-router";
import { documentHref, peopleHref } from "../../shared/links";
import { EvidenceTab } from "../radar/EvidenceTab";
import { day, ordinal, rolesText, score } from "./peopleWords";
import type { Collaboration, PersonCard, ProjectionState } from "./types";

const EVIDENCE_ID = /^ev_[0-9a-f]{16}$/;
/** A line with no Evidence row is cited by its range: "document_id[start:end]". */
const RANGE = /^(.+)\[(\d+):(\d+)\]$/;

function CollaborationLines({ c, person }: { c: Collaboration; person: string }) {
  const ids = c.evidence.filter((e) => EVIDENCE_ID.test(e));
  const ranges = c.evidence.map((e) => RANGE.exec(e)).filter((m): m is RegExpExecArray => m !== null);
  return (
    <div className="collaboration-lines">
      {ids.length > 0 && <EvidenceTab requests={[{ label: `Lines naming ${person} and ${c.name}`, rel_type: "",
        evidence_ids: ids }]} />}
      {ranges.length > 0 && (
        <ul>
          {ranges.map((m) => (
            <li key={m[0]}><Link to={documentHref(m[1] ?? "", Number(m[2]), Number(m[3]))}>
              A metadata line naming both (characters {m[2]}–{m[3]})</Link></li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CollaborationItem({ c, person }: { c: Collaboration; person: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="collaboration" data-testid="collaboration">
      <Link to={peopleHref(c.id)}>{c.name}</Link>: named together on {c.weight} document{c.weight === 1 ? "" : "s"}
      {c.last && <span className="muted">, last {day(c.last)}</span>}{" "}
      <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide the lines" : `Show the lines (${c.evidence.length})`}
      </button>
      {open && <CollaborationLines c={c} person={person} />}
    </li>
  );
}

function ProjectionNotice({ state }: { state: ProjectionState }) {
  if (state.status === "missing") {
    return <p className="notice notice-warn" data-testid="projection-missing">The collaboration projection has not been
      built yet, so there are no ranks. It is rebuilt after every ingest.</p>;
  }
  if (state.status === "building") {
    return <p className="notice notice-warn">The collaboration projection is being rebuilt; the numbers may change.</p>;
  }
  if (state.stale) {
    return <p className="notice notice-warn">These numbers were computed on {day(state.rebuilt_at)}, before the latest
      ingest ({day(state.last_ingest)}).</p>;
  }
  return null;
}

function CentralityView({ card }: { card: PersonCard }) {
  const c = card.centrality;
  if (!c) {
    return <p className="muted" data-testid="no-centrality">{card.name} is in no collaboration: no document's metadata
      names them together with someone else, so they have no rank.</p>;
  }
  const of = c.people ? ` of ${c.people} people` : "";
  return (
    <div className="centrality" data-testid="centrality">
      <dl className="meta-grid">
        <div className="meta-row"><dt>PageRank</dt><dd>{score(c.pagerank)}
          {c.pagerank_rank ? <span className="muted"> · {ordinal(c.pagerank_rank)}{of}</span> : null}</dd></div>
        <div className="meta-row"><dt>Betweenness</dt><dd>{score(c.betweenness)}
          {c.betweenness_rank ? <span className="muted"> · {ordinal(c.betweenness_rank)}{of}</span> : null}</dd></div>
      </dl>
      <p className="muted">
        Both are computed by the graph database over the collaboration projection: people named together on a
        document's metadata (authors, participants, assignee, reviewers…) worked together. PageRank grows with
        well-connected collaborators; betweenness with how often {card.name} links people who share no document.
        These rest on {c.documents} document{c.documents === 1 ? "" : "s"} and {c.collaborators} collaborator
        {c.collaborators === 1 ? "" : "s"}{c.last ? `, the latest on ${day(c.last)}` : ""}.
      </p>
      {(card.collaborations ?? []).length > 0 && (
        <>
          <h4 className="rel-title">Strongest collaborations</h4>
          <ul className="collaboration-list">
            {(card.collaborations ?? []).map((x) => <CollaborationItem key={x.id} c={x} person={card.name} />)}
          </ul>
        </>
      )}
    </div>
  );
}

const countText = (counts: Record<string, number> | undefined) =>
  Object.entries(counts ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} (${n})`).join(", ");

export function PersonCardView({ card }: { card: PersonCard }) {
  const p = card.profile;
  const w = card.open_work;
  const roles = rolesText(card.roles);
  return (
    <section className="person-card panel" aria-label={`${card.name}'s card`} data-testid="person-card">
      <h2>{card.name}</h2>
      {p && (p.teams ?? []).length > 0 && <p>Team: {(p.teams ?? []).join(", ")}</p>}
      {roles && <p>On documents as {roles}.</p>}
      {w ? (
        <p data-testid="open-work-counts">
          <strong>{w.open}</strong> open item{w.open === 1 ? "" : "s"}
          {w.handed_off > 0 && <>, {w.handed_off} handed off</>}
          {w.status_unknown > 0 && <>, {w.status_unknown} with no recorded status</>}
        </p>
      ) : <p className="muted">Only named on documents' metadata: no work item of theirs is recorded.</p>}
      {Object.keys(card.components ?? {}).length > 0 && <p>Components: {countText(card.components)}</p>}
      {Object.keys(card.topics ?? {}).length > 0 && <p className="muted">Topics: {countText(card.topics)}</p>}
      {p && (p.documents ?? []).length > 0 && (
        <details>
          <summary>Documents ({p.document_count ?? (p.documents ?? []).length})</summary>
          <ul>
            {(p.documents ?? []).map((d) => (
              <li key={d.id}><Link to={documentHref(d.id)}>{d.title ?? "Untitled document"}</Link>
                {d.updated && <span className="muted"> · {day(d.updated)}</span>}</li>
            ))}
          </ul>
        </details>
      )}
      <h3 className="section-title">How central they are</h3>
      <ProjectionNotice state={card.projection} />
      <CentralityView card={card} />
    </section>
  );
}
