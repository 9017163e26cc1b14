/**
 * One behaviour for names everywhere (Ask, Radar, Explorer): a name that matched nothing exactly gets
 * "Did you mean …?", a name that matches several entities gets "Which one?". Each candidate is a button when
 * something can be done with it (ask again, open its radar), with its type and how many documents mention it.
 */
import type { Candidate, CandidateOut } from "../api/types";

export interface NameCandidate {
  id: string;
  name: string;
  type: string;
  documents: number;
  sources: string[];
  /** What tells namesakes apart beyond the type (a person's roles and teams), in words. */
  detail?: string;
}

export type CandidateKind = "did_you_mean" | "which_one";

export const fromAnswerCandidate = (c: Candidate): NameCandidate => ({
  id: c.entity_id, name: c.name, type: c.type, documents: c.documents ?? 0, sources: c.sources ?? [],
});

export const fromCandidateOut = (c: CandidateOut): NameCandidate => ({
  id: c.id, name: c.name, type: c.type, documents: c.doc_count, sources: c.sample_sources ?? [],
});

/** The heading, the same words on every screen. */
export function candidateHeading(kind: CandidateKind, name: string, candidates: NameCandidate[]): string {
  if (kind === "which_one") return `“${name}” could mean ${candidates.length} different things. Which one?`;
  const only = candidates.length === 1 ? candidates[0] : undefined;
  return only ? `Did you mean ${only.name}?` : "Did you mean one of these?";
}

export function CandidateList({ kind, name, candidates, onPick, action = "Use" }: {
  kind: CandidateKind;
  name: string;
  candidates: NameCandidate[];
  onPick?: (c: NameCandidate) => void;
  /** The verb on each button's accessible name ("Ask about", "Show"). */
  action?: string;
}) {
  if (candidates.length === 0) return null;
  return (
    <section className={`candidates candidates-${kind}`} aria-label={kind === "which_one" ? "Which one?" : "Did you mean"}
      data-testid="candidates" data-kind={kind}>
      <p className="candidates-heading">{candidateHeading(kind, name, candidates)}</p>
      <ul className="candidate-list">
        {candidates.map((c) => {
          const body = (
            <>
              <span className="candidate-name">{c.name}</span>
              <span className="type-tag">{c.type}</span>
            </>
          );
          return (
            <li key={c.id} className="candidate" data-testid={`candidate-${c.id}`}>
              {onPick ? (
                <button type="button" className="btn candidate-btn" onClick={() => onPick(c)} data-entity-id={c.id}
                  aria-label={`${action} ${c.name}, the ${c.type}${c.detail ? ` (${c.detail})` : ""}`}>{body}</button>
              ) : <span className="candidate-static">{body}</span>}
              <span className="candidate-meta">
                {c.detail && <>{c.detail} · </>}
                {c.documents} document{c.documents === 1 ? "" : "s"}
                {c.sources.length > 0 && <> · {c.sources.slice(0, 3).join(", ")}</>}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
