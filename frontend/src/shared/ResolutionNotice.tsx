/** When an entity name did not resolve to exactly one entity with relations: say which case it is; an ambiguous
 * name lists its candidates, each a button (with `onPick`) that loads exactly that entity by id. */
import type { CandidateOut, ResolutionOut } from "../api/types";

type Outcome = "found" | "resolved" | "no_evidence" | "ambiguous" | "unknown" | "not_in_graph";

/** One candidate: name, type and document count; a button that loads exactly this entity (by id) when pickable. */
function CandidateItem({ c, onPick }: { c: CandidateOut; onPick?: (c: CandidateOut) => void }) {
  const docs = `${c.doc_count} document${c.doc_count === 1 ? "" : "s"}`;
  const relations = `${c.relation_count} relation${c.relation_count === 1 ? "" : "s"}`;
  const body = (
    <>
      <span className="candidate-name">{c.name}</span>{" "}
      <span className="type-tag">{c.type}</span>{" "}
      <span className="candidate-meta">{docs}</span>
    </>
  );
  return (
    <li className="candidate" data-testid={`candidate-${c.id}`}>
      {onPick ? (
        <button type="button" className="btn candidate-btn" onClick={() => onPick(c)} data-entity-id={c.id}>
          {body}
        </button>
      ) : <span className="candidate-static">{body}</span>}
      <span className="candidate-meta">{relations}</span>
    </li>
  );
}

export function ResolutionNotice({ outcome, resolution, message, onPick }: {
  outcome: Outcome; resolution: ResolutionOut; message?: string | null;
  /** Load one candidate of an ambiguous name (by its id); without it the candidates are only listed. */
  onPick?: (c: CandidateOut) => void;
}) {
  if (outcome === "ambiguous") {
    const fuzzy = resolution.match === "fuzzy";
    return (
      <div className="notice notice-ambiguous" role="alert" data-testid="resolution-ambiguous">
        <strong className="notice-title">“{resolution.name}” is ambiguous</strong>
        <p>{fuzzy ? "No entity has exactly this name. Similar names:" :
          "Several entities share this name (different types); none was picked."}
          {onPick && " Choose one to load it."}</p>
        <ul className="candidate-list" aria-label={`Entities matching “${resolution.name}”`}>
          {resolution.candidates.map((c) => <CandidateItem key={c.id} c={c} onPick={onPick} />)}
        </ul>
      </div>
    );
  }
  const only = resolution.candidates.length === 1 ? resolution.candidates[0] : undefined;
  const text: Record<Exclude<Outcome, "ambiguous">, [string, string]> = {
    unknown: ["Unknown entity", `No entity named “${resolution.name}” is in the documents.`],
    not_in_graph: ["Nothing recorded", "The entity is mentioned in the documents, but no relation of it is recorded."],
    no_evidence: ["Nothing found", "The graph records nothing that would be affected."],
    found: ["", ""],
    resolved: ["Resolved", `“${resolution.name}” is one entity, but nothing more was returned.`],
  };
  const [title, body] = text[outcome];
  return (
    <div className={`notice notice-${outcome}`} role="alert" data-testid={`resolution-${outcome}`}>
      <strong className="notice-title">{title}</strong>
      {only && (
        <p className="notice-subject"><span className="candidate-name">{only.name}</span>{" "}
          <span className="type-tag">{only.type}</span></p>
      )}
      <p>{body}</p>
      {message && <p className="notice-detail">{message}</p>}
    </div>
  );
}
