/** When a name did not resolve to exactly one entity with relations (Radar, Explorer): say which case it is, in
 * the same words as Ask; candidates come through the one CandidateList. */
import type { CandidateOut, ResolutionOut } from "../api/types";
import { CandidateList, fromCandidateOut, type NameCandidate } from "./CandidateList";

type Outcome = "found" | "resolved" | "no_evidence" | "ambiguous" | "unknown" | "not_in_graph";

export function ResolutionNotice({ outcome, resolution, message, onPick, action = "Show" }: {
  outcome: Outcome; resolution: ResolutionOut; message?: string | null;
  /** Load one candidate (by its id); without it the candidates are only listed. */
  onPick?: (c: CandidateOut) => void;
  action?: string;
}) {
  const candidates = resolution.candidates.map(fromCandidateOut);
  const pick = onPick
    ? (c: NameCandidate) => { const hit = resolution.candidates.find((x) => x.id === c.id); if (hit) onPick(hit); }
    : undefined;
  if (outcome === "ambiguous" || (outcome === "unknown" && candidates.length > 0)) {
    const kind = outcome === "ambiguous" && resolution.match !== "fuzzy" ? "which_one" : "did_you_mean";
    return (
      <div className={`notice notice-${kind}`} role="alert" data-testid={`resolution-${outcome}`}>
        {kind === "did_you_mean" && (
          <strong className="notice-title">No entity is named exactly “{resolution.name}”.</strong>
        )}
        <CandidateList kind={kind} name={resolution.name} candidates={candidates} onPick={pick} action={action} />
      </div>
    );
  }
  const only = resolution.candidates.length === 1 ? resolution.candidates[0] : undefined;
  const text: Record<Exclude<Outcome, "ambiguous">, [string, string]> = {
    unknown: ["Unknown name", `No entity named “${resolution.name}” is in the documents.`],
    not_in_graph: ["Nothing recorded", "The documents mention it, but no relation of it is recorded."],
    no_evidence: ["Nothing found", "The graph records nothing that would be affected."],
    found: ["", ""],
    resolved: ["Found", `“${resolution.name}” is one entity, but nothing more was returned.`],
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
      {message && outcome !== "no_evidence" && <p className="muted">{message}</p>}
    </div>
  );
}
