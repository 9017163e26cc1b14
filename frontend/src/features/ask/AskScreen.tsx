/**
 * Ask: a question in, the agent's real steps streaming (with Stop), then a cited answer or a plain reason why not.
 * The conversation survives leaving the page (conversation.tsx); the URL lists its stored answers.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { MAX_QUESTION_CHARS } from "../../api/types";
import { ErrorNotice } from "../../shared/ErrorNotice";
import { AnswerView, candidateKind } from "./AnswerView";
import { useConversation, type Turn } from "./conversation";
import { disambiguate, replaceNearest } from "./rephrase";
import { StepLog } from "./StepLog";

function TurnView({ turn, onAsk, onStop }: { turn: Turn; onAsk: (q: string) => void; onStop: () => void }) {
  const answerRef = useRef<HTMLElement>(null);
  const wasRunning = useRef(turn.running);
  useEffect(() => {
    // A finished answer takes the focus (screen readers read it; the keyboard continues from it).
    if (wasRunning.current && !turn.running && turn.live) answerRef.current?.focus();
    wasRunning.current = turn.running;
  }, [turn.running, turn.live]);
  const answer = turn.answer;
  return (
    <li className="turn" data-testid="turn" data-running={turn.running || undefined}>
      <div className="turn-head">
        <p className="turn-question"><span className="visually-hidden">Question: </span>{turn.question}</p>
        {turn.running && (
          <button type="button" className="btn btn-stop" onClick={onStop} data-testid="stop">Stop</button>
        )}
      </div>
      {(turn.running || turn.events.length > 0) && (
        <details className="steps-box" open={turn.running || undefined}>
          <summary>{turn.running ? "Working" : "Steps"} ({turn.events.length})</summary>
          <StepLog events={turn.events} running={turn.running} />
        </details>
      )}
      {answer && (
        <AnswerView ref={answerRef} answer={answer} showQuestion={false}
          onPickCandidate={(c) => onAsk(candidateKind(answer) === "which_one" ? disambiguate(turn.question, c)
            : replaceNearest(turn.question, c.name))}
          onRetry={() => onAsk(turn.question)} />
      )}
      {turn.error !== undefined && (
        <ErrorNotice error={turn.error} onRetry={() => onAsk(turn.question)} autoRetry={false} />
      )}
    </li>
  );
}

/** Stored answers named in the URL (`?a=`) that this tab does not hold yet are loaded by id. */
function useAnswersFromUrl(): void {
  const [params] = useSearchParams();
  const { turns, restore } = useConversation();
  const wanted = (params.get("a") ?? "").split(",").filter(Boolean);
  const missing = wanted.filter((id) => !turns.some((t) => t.answer?.id === id)).join(",");
  useEffect(() => {
    if (!missing) return;
    const ctrl = new AbortController();
    Promise.allSettled(missing.split(",").map((id) =>
      unwrap(api.GET("/api/answers/{answer_id}", { params: { path: { answer_id: id } }, signal: ctrl.signal }))))
      .then((results) => {
        if (!ctrl.signal.aborted) restore(results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])));
      });
    return () => ctrl.abort();
  }, [missing, restore]);
}

export function AskScreen() {
  const { turns, ask, stop, clear } = useConversation();
  const [params, setParams] = useSearchParams();
  const [question, setQuestion] = useState("");
  useAnswersFromUrl();

  // History's "Ask again" arrives as ?ask=…: ask it once, then take it out of the URL.
  const again = params.get("ask");
  useEffect(() => {
    if (!again) return;
    ask(again);
    setParams((p) => { p.delete("ask"); return p; }, { replace: true });
  }, [again, ask, setParams]);

  // The URL lists the stored answers of the conversation, newest first (only rewritten when it differs: a
  // navigation here would race a link the user just followed).
  const ids = turns.flatMap((t) => (t.answer && t.answer.status !== "unavailable" ? [t.answer.id] : [])).join(",");
  const inUrl = params.get("a") ?? "";
  const stale = inUrl !== ids && !again && !inUrl.split(",").some((id) => id && !ids.split(",").includes(id));
  useEffect(() => {
    if (!stale) return;
    setParams((p) => {
      if (ids) p.set("a", ids);
      else p.delete("a");
      return p;
    }, { replace: true });
  }, [stale, ids, setParams]);

  const length = question.length;
  const over = length - MAX_QUESTION_CHARS;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const q = question.trim();
    if (!q || over > 0) return;
    setQuestion("");
    ask(q);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    <div className="screen ask-screen">
      <h1>Ask</h1>
      <p className="lede">ZEHN answers only when it can cite the exact source sentence. Otherwise it says "I don't know".</p>
      <form className="ask-form" onSubmit={submit} aria-label="Ask a question">
        <label htmlFor="question" className="visually-hidden">Question</label>
        <textarea id="question" name="question" className="input question-input" value={question} rows={2}
          onChange={(e) => setQuestion(e.target.value)} onKeyDown={onKey} aria-describedby="question-count"
          aria-invalid={over > 0 || undefined} placeholder="e.g. Who owns geo-index?" autoComplete="off" />
        <div className="ask-controls">
          <span id="question-count" className={over > 0 ? "char-count over" : "char-count"} data-testid="char-count"
            aria-live={over > 0 ? "polite" : "off"}>
            {over > 0
              ? `${length.toLocaleString()} / ${MAX_QUESTION_CHARS.toLocaleString()} characters: ${over.toLocaleString()} too many`
              : `${length.toLocaleString()} / ${MAX_QUESTION_CHARS.toLocaleString()}`}
          </span>
          <button type="submit" className="btn btn-primary" disabled={!question.trim() || over > 0}>Ask</button>
        </div>
      </form>
      {turns.length > 0 && (
        <p className="conversation-bar muted">
          {turns.length} question{turns.length === 1 ? "" : "s"} in this conversation ·{" "}
          <Link to="/history">History</Link> ·{" "}
          <button type="button" className="btn-link" onClick={clear}>Clear conversation</button>
        </p>
      )}
      <ol className="turns" aria-label="Answers">
        {turns.map((t) => <TurnView key={t.key} turn={t} onAsk={ask} onStop={() => stop(t.key)} />)}
      </ol>
    </div>
  );
}
