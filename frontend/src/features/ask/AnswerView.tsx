/**
 * One final answer. Each status has its own label and look; the readable part (`answer-main`) holds no internal
 * token: evidence ids, entity ids, reason codes and the Cypher that ran are in the collapsed "Shown work".
 */
import { forwardRef } from "react";
import type { Answer, AnswerStatus } from "../../api/types";
import { CandidateList, fromAnswerCandidate, type NameCandidate } from "../../shared/CandidateList";
import { GraphUnavailable } from "../../shared/ErrorNotice";
import { QueriesTable } from "../../shared/QueriesTable";
import { PeopleInAnswer } from "../people/PeopleInAnswer";
import { AnswerActions } from "./AnswerActions";
import { AnswerText } from "./AnswerText";
import { CitationList } from "./CitationChip";
import { PathsView } from "./PathsView";
import { StaleNotice } from "./StaleNotice";

export const STATUS_LABEL: Record<AnswerStatus, string> = {
  answered: "Answered",
  abstained: "I don't know",
  refused: "Withheld",
  ambiguous: "Which one?",
  unknown_entity: "Unknown name",
  not_in_graph: "Nothing recorded",
  unavailable: "Graph unavailable",
};

const STATUS_EXPLAIN: Record<AnswerStatus, string> = {
  answered: "Every claim below is backed by a cited source sentence.",
  abstained: "No source sentence says this, so ZEHN does not answer.",
  refused: "A drafted answer broke the citation rules, so it is withheld.",
  ambiguous: "The name matches several entities; ZEHN will not pick one for you.",
  unknown_entity: "No entity by that name is in the documents.",
  not_in_graph: "The documents mention it, but no relation of it is recorded.",
  unavailable: "The graph could not be reached, so nothing was looked up.",
};

/**
 * "Which one?" is for one name several entities share; candidates with different names are near misses of a
 * name that matched nothing exactly, so they get "Did you mean …?" (whatever status the server gave).
 */
export function candidateKind(answer: Pick<Answer, "status" | "candidates">): "which_one" | "did_you_mean" | null {
  const names = new Set((answer.candidates ?? []).map((c) => c.name.toLowerCase()));
  if (names.size === 0 || (answer.status !== "ambiguous" && answer.status !== "unknown_entity")) return null;
  return answer.status === "ambiguous" && names.size === 1 && (answer.candidates ?? []).length > 1
    ? "which_one" : "did_you_mean";
}

/** The label shown: near misses ask "Did you mean …?". */
export function statusLabel(answer: Pick<Answer, "status" | "candidates">): string {
  if (candidateKind(answer) === "did_you_mean") return "Did you mean…?";
  return STATUS_LABEL[answer.status];
}

interface Props {
  answer: Answer;
  /** A candidate was picked ("Which one?" / "Did you mean?"): ask again about it. */
  onPickCandidate?: (c: NameCandidate) => void;
  /** The question could not be answered (graph down): ask it again. */
  onRetry?: () => void;
  /** Off where the question is already shown right above (the Ask conversation). */
  showQuestion?: boolean;
  /** Off on the permalink page itself. */
  permalink?: boolean;
}

function StatusBody({ answer, onPickCandidate, onRetry }: Props) {
  const candidates = (answer.candidates ?? []).map(fromAnswerCandidate);
  switch (answer.status) {
    case "answered":
    case "abstained":
    case "not_in_graph":
      return <AnswerText answer={answer} />;
    case "refused":
      return (
        <p className="refusal-reason">
          <strong>Why:</strong> {answer.reason ?? "no reason was given"}. The draft cited something the search did
          not return, or made a claim without a source, so nothing of it is shown.
        </p>
      );
    case "ambiguous":
    case "unknown_entity": {
      const kind = candidateKind(answer);
      return kind
        ? <CandidateList kind={kind} name={candidates[0]?.name ?? ""} candidates={candidates} onPick={onPickCandidate}
            action="Ask about" />
        : <p>Check the spelling, or search the Documents screen for the words you remember.</p>;
    }
    case "unavailable":
      return <GraphUnavailable onRetry={onRetry} />;
  }
}

function ShownWork({ answer }: { answer: Answer }) {
  const queries = answer.queries ?? [];
  const offending = answer.offending ?? [];
  return (
    <details className="shown-work" data-testid="shown-work">
      <summary>Shown work: {queries.length} quer{queries.length === 1 ? "y" : "ies"}, ids</summary>
      <dl className="meta-grid">
        <div className="meta-row"><dt>Answer id</dt><dd><code>{answer.id}</code></dd></div>
        {(answer.citations ?? []).map((c, i) => (
          <div key={c.evidence_id} className="meta-row"><dt>Source {i + 1}</dt><dd><code>{c.evidence_id}</code></dd></div>
        ))}
        {(answer.candidates ?? []).map((c) => (
          <div key={c.entity_id} className="meta-row"><dt>{c.name}</dt><dd><code>{c.entity_id}</code></dd></div>
        ))}
        {answer.reason && answer.status !== "unavailable" && (
          <div className="meta-row"><dt>Gate</dt><dd><code>{answer.reason}</code></dd></div>
        )}
      </dl>
      {offending.length > 0 && (
        <>
          <h4 className="section-title">What broke the citation rules</h4>
          <ul className="offending-list">{offending.map((o, i) => <li key={i}><code>{o}</code></li>)}</ul>
        </>
      )}
      <QueriesTable queries={queries} />
    </details>
  );
}

export const AnswerView = forwardRef<HTMLElement, Props>(function AnswerView(props, ref) {
  const { answer, showQuestion = true, permalink = true } = props;
  const status = answer.status;
  return (
    <article ref={ref} className={`answer answer-${status}`} data-testid="answer" data-status={status} tabIndex={-1}
      aria-label={`${statusLabel(answer)}: ${answer.question}`}>
      <header className="answer-head">
        <span className={`status status-${status}`} data-testid="answer-status">{statusLabel(answer)}</span>
        {showQuestion && <span className="answer-question">{answer.question}</span>}
        <AnswerActions answer={answer} permalink={permalink} />
      </header>
      <div className="answer-main" data-testid="answer-main">
        <p className="status-explain">{STATUS_EXPLAIN[status]}</p>
        <StaleNotice answer={answer} />
        {answer.conversation_only && status === "answered" && (
          <p className="notice" data-testid="conversation-only">Said in conversation only (chat, email or a meeting),
            never documented in a page or ticket: treat it as what someone said, not as policy.</p>
        )}
        <StatusBody {...props} />
        {status === "answered" && <CitationList citations={answer.citations ?? []} answerId={answer.id} />}
        <PathsView paths={answer.paths ?? []} />
        <PeopleInAnswer answer={answer} />
      </div>
      <footer className="answer-foot">
        <span>Policy <strong>{answer.policy.name}</strong></span>
        {answer.policy.evaluation_mode && <span className="badge badge-eval">Evaluation mode</span>}
        <span>{answer.mode === "model" ? "Drafted by a model, checked by ZEHN" : "Deterministic answer"}</span>
        {answer.created_at && <span>Saved {new Date(answer.created_at).toLocaleString()}</span>}
      </footer>
      <ShownWork answer={answer} />
    </article>
  );
});
