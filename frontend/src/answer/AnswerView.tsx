/** One final answer, as it was: each status has its own look; sources, paths and shown work follow. */
import type { Answer, AnswerStatus, Candidate } from "../api/types";
import { GraphUnavailable } from "../components/ErrorNotice";
import { AnswerText } from "./AnswerText";
import { CandidatePicker } from "./CandidatePicker";
import { CitationList } from "./CitationChip";
import { PathsView } from "./PathsView";
import { QueriesTable } from "./QueriesTable";
import { StaleNotice } from "./StaleNotice";

export const STATUS_LABEL: Record<AnswerStatus, string> = {
  answered: "Answered",
  abstained: "I don't know",
  refused: "Refused",
  ambiguous: "Which one?",
  unknown_entity: "Unknown entity",
  not_in_graph: "Nothing recorded",
  unavailable: "Graph unavailable",
};

const STATUS_EXPLAIN: Record<AnswerStatus, string> = {
  answered: "Every claim below is backed by a cited source sentence.",
  abstained: "No source sentence says this, so ZEHN does not answer.",
  refused: "A draft answer broke the citation rules, so it was withheld.",
  ambiguous: "The name matches several entities; ZEHN will not pick one for you.",
  unknown_entity: "No entity by that name is in the documents.",
  not_in_graph: "The entity is mentioned in the documents, but no relation of it is recorded.",
  unavailable: "The graph server is down: nothing could be looked up.",
};

interface Props {
  answer: Answer;
  onPickCandidate?: (c: Candidate) => void;
  /** Off where the question is already shown right above (the Ask conversation). */
  showQuestion?: boolean;
}

function StatusBody({ answer, onPickCandidate }: Props) {
  switch (answer.status) {
    case "answered":
      return <AnswerText text={answer.text} citations={answer.citations ?? []} />;
    case "refused":
      return (
        <>
          {answer.text && <p className="answer-text">{answer.text}</p>}
          <p className="refusal-reason"><strong>Reason:</strong> {answer.reason ?? "no reason was given"}</p>
          {(answer.offending ?? []).length > 0 && (
            <div>
              <h3 className="section-title">What broke the rules</h3>
              <ul className="offending-list">
                {(answer.offending ?? []).map((o, i) => <li key={i}><code>{o}</code></li>)}
              </ul>
            </div>
          )}
        </>
      );
    case "ambiguous":
      return (
        <>
          {answer.text && <p className="answer-text">{answer.text}</p>}
          <CandidatePicker candidates={answer.candidates ?? []} onPick={onPickCandidate} />
        </>
      );
    case "unavailable":
      return <GraphUnavailable message={answer.reason ?? answer.text} />;
    default:
      return (
        <>
          {answer.text && <p className="answer-text">{answer.text}</p>}
          {answer.reason && <p className="muted">Why: {answer.reason}</p>}
        </>
      );
  }
}

export function AnswerView({ answer, onPickCandidate, showQuestion = true }: Props) {
  const status = answer.status;
  const queries = answer.queries ?? [];
  return (
    <article className={`answer answer-${status}`} data-testid="answer" data-status={status} aria-live="polite">
      <header className="answer-head">
        <span className={`status status-${status}`} data-testid="answer-status">{STATUS_LABEL[status]}</span>
        {showQuestion && <span className="answer-question">{answer.question}</span>}
      </header>
      <p className="status-explain">{STATUS_EXPLAIN[status]}</p>
      <StaleNotice answer={answer} />
      {answer.conversation_only && status === "answered" && (
        <p className="notice" data-testid="conversation-only">Said in conversation only (chat, email or a meeting),
          never documented in a page or ticket: treat it as what someone said, not as policy.</p>
      )}
      <StatusBody answer={answer} onPickCandidate={onPickCandidate} />
      {status === "answered" && <CitationList citations={answer.citations ?? []} />}
      <PathsView paths={answer.paths ?? []} title="Graded paths" />
      <footer className="answer-foot">
        <span>Policy <strong>{answer.policy.name}</strong> <code title={answer.policy.hash}>{answer.policy.hash.slice(0, 10)}</code></span>
        {answer.policy.evaluation_mode && <span className="badge badge-eval">Evaluation mode</span>}
        <span>Mode: {answer.mode}</span>
        {answer.created_at && <span>Answered {new Date(answer.created_at).toLocaleString()}</span>}
      </footer>
      {queries.length > 0 && (
        <details className="shown-work">
          <summary>Queries that ran ({queries.length})</summary>
          <QueriesTable queries={queries} />
        </details>
      )}
    </article>
  );
}
