/** Ask: a question in, the agent's real steps streaming, then a cited answer (or a clear reason why not). */
import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import type { Candidate } from "../api/types";
import { AnswerView } from "../answer/AnswerView";
import { StepLog } from "../answer/StepLog";
import { useAsk, type Turn } from "../answer/useAsk";
import { ErrorNotice } from "../components/ErrorNotice";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Re-ask naming the chosen entity by name and type: the type noun goes right after the name ("Atlas (the team)"),
 * which is where the answering loop reads a type hint. Without the name in the question, the name is appended.
 */
export function disambiguate(question: string, c: Candidate): string {
  const typed = `${c.name} (the ${c.type.toLowerCase()})`;
  const at = new RegExp(`(?<![\\w-])${escapeRegExp(c.name)}(?![\\w-])`, "i");
  if (at.test(question)) return question.replace(at, typed);
  return `${question.replace(/[\s?.!]+$/, "")}: ${typed}?`;
}

function TurnView({ turn, onAsk }: { turn: Turn; onAsk: (q: string) => void }) {
  return (
    <li className="turn" data-testid="turn">
      <p className="turn-question"><span className="visually-hidden">Question: </span>{turn.question}</p>
      <details className="steps-box" open={turn.running || undefined}>
        <summary>{turn.running ? "Working" : "Steps"} ({turn.events.length})</summary>
        <StepLog events={turn.events} running={turn.running} />
      </details>
      {turn.answer && (
        <AnswerView answer={turn.answer} showQuestion={false} onPickCandidate={(c) => onAsk(disambiguate(turn.question, c))} />
      )}
      {turn.error !== undefined && <ErrorNotice error={turn.error} />}
    </li>
  );
}

export function AskScreen() {
  const { turns, ask, busy } = useAsk();
  const [question, setQuestion] = useState("");
  const [params, setParams] = useSearchParams();
  const again = params.get("ask");  // "Re-ask" from a stale answer
  useEffect(() => {
    if (!again?.trim()) return;
    setParams({}, { replace: true });
    void ask(again.trim());
  }, [again, ask, setParams]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = question.trim();
    if (!q) return;
    setQuestion("");
    void ask(q);
  };

  return (
    <div className="screen ask-screen">
      <h1>Ask</h1>
      <p className="lede">
        ZEHN answers only when it can cite the exact source sentence. Otherwise it says "I don't know".
      </p>
      <form className="ask-form" onSubmit={submit} role="search" aria-label="Ask a question">
        <label htmlFor="question" className="visually-hidden">Question</label>
        <input id="question" name="question" className="input" value={question} maxLength={4000}
          onChange={(e) => setQuestion(e.target.value)} placeholder="e.g. Who owns geo-index?" autoComplete="off" />
        <button type="submit" className="btn btn-primary" disabled={!question.trim()}>
          {busy ? "Ask another" : "Ask"}
        </button>
      </form>
      <ol className="turns" aria-label="Answers">
        {turns.map((t) => <TurnView key={t.id} turn={t} onAsk={(q) => void ask(q)} />)}
      </ol>
    </div>
  );
}
