/** When an entity name did not resolve to exactly one entity with relations: say which case it is. */
import { Link } from "react-router";
import type { CandidateOut, ResolutionOut } from "../api/types";

type Outcome = "found" | "resolved" | "no_evidence" | "ambiguous" | "unknown" | "not_in_graph";

export function ResolutionNotice({ outcome, resolution, message, pickHref, onPick }: {
  outcome: Outcome; resolution: ResolutionOut; message?: string | null;
  pickHref?: (name: string) => string; onPick?: (c: CandidateOut) => void;
}) {
  if (outcome === "ambiguous") {
    const fuzzy = resolution.match === "fuzzy";
    return (
      <div className="notice notice-ambiguous" role="alert" data-testid="resolution-ambiguous">
        <strong className="notice-title">“{resolution.name}” is ambiguous</strong>
        <p>{fuzzy ? "No entity has exactly this name. Similar names:" :
          "Several entities share this name (different types); none was picked."}</p>
        <ul className="candidate-list">
          {resolution.candidates.map((c) => (
            <li key={c.id} className="candidate">
              {fuzzy && pickHref && <Link to={pickHref(c.name)}>{c.name}</Link>}
              {fuzzy && !pickHref && onPick && (
                <button type="button" className="btn" onClick={() => onPick(c)}>{c.name}</button>
              )}
              {(!fuzzy || (!pickHref && !onPick)) && <span className="candidate-name">{c.name}</span>}{" "}
              <span className="type-tag">{c.type}</span>{" "}
              <span className="candidate-meta">{c.doc_count} documents · {c.relation_count} relations</span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
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
      <p>{body}</p>
      {message && <p className="notice-detail">{message}</p>}
    </div>
  );
}
