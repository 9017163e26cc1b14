/**
 * "Who should I ask about X?": the people behind the evidence that answers X, ranked by how much of it they wrote
 * and how recently, each with the sentences it rests on (verbatim, linked to their range) and a drafted question
 * citing them. ZEHN never sends the draft; "Copy" puts it on the clipboard.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { documentHref, peopleHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { draftForClipboard, draftText } from "./draftText";
import { day } from "./peopleWords";
import type { Expert, ExpertsOut } from "./types";

function ExpertItem({ expert }: { expert: Expert }) {
  const [copied, setCopied] = useState(false);
  const { text, sources } = draftText(expert);
  const copy = async () => {
    await navigator.clipboard?.writeText(draftForClipboard(expert));
    setCopied(true);
  };
  return (
    <li className="expert" data-testid="expert">
      <p><strong>{expert.rank}. <Link to={peopleHref(expert.id)}>{expert.name}</Link></strong>{" "}
        <span className="muted">wrote {expert.wrote} of these sentences and is named on the documents of {expert.involved} more
          {expert.roles.length > 0 && <> · {expert.roles.join(", ")}</>}
          {expert.last_activity && <> · last active {day(expert.last_activity)}</>}</span></p>
      <ul className="expert-evidence">
        {expert.evidence.map((ev) => (
          <li key={ev.id}>
            <blockquote className="source-quote">{ev.text}</blockquote>
            <span className="muted">{ev.credit === "wrote" ? "They wrote this in " : "They are named on "}
              <Link to={documentHref(ev.document.id, ev.start, ev.end, ev.id)}>{ev.document.title ?? "an untitled document"}</Link>
              {ev.document.updated && <> ({day(ev.document.updated)})</>}</span>
          </li>
        ))}
      </ul>
      <details className="draft" data-testid="draft">
        <summary>A question you could send {expert.name.split(" ")[0]}</summary>
        <pre className="draft-text">{text}</pre>
        {sources.length > 0 && (
          <ol className="draft-sources">
            {sources.map((s) => (
              <li key={s.id} value={s.n}>
                {s.evidence ? <Link to={documentHref(s.evidence.document.id, s.evidence.start, s.evidence.end, s.id)}>
                  {s.evidence.document.title ?? "the source"}</Link> : "a source"}
              </li>
            ))}
          </ol>
        )}
        <p className="muted">ZEHN does not send it. <button type="button" className="btn btn-small" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}</button></p>
      </details>
    </li>
  );
}

export function ExpertsResult({ out }: { out: ExpertsOut }) {
  if (out.outcome === "no_evidence") {
    return (
      <div className="notice notice-no_evidence" role="status" data-testid="experts-none">
        <strong className="notice-title">Nobody to suggest</strong>
        <p>{out.message ?? `Nothing in the documents answers “${out.about}”, so ZEHN suggests nobody.`}</p>
      </div>
    );
  }
  return <ol className="expert-list">{(out.experts ?? []).map((e) => <ExpertItem key={e.id} expert={e} />)}</ol>;
}

export function ExpertsPanel({ about, onAbout }: { about: string; onAbout: (a: string) => void }) {
  const [input, setInput] = useState(about);
  useEffect(() => setInput(about), [about]);
  const [out, reload] = useApi(about ? (signal) => unwrap(api.GET("/api/people/experts",
    { params: { query: { about } }, signal })) : null, [about]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (input.trim()) onAbout(input.trim());
  };
  return (
    <section className="experts panel" aria-label="Who should I ask?" data-testid="experts">
      <h2>Who should I ask?</h2>
      <form className="inline-form" onSubmit={submit} aria-label="Who should I ask about">
        <label htmlFor="experts-about">About</label>
        <input id="experts-about" className="input" value={input} onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. geo-index" autoComplete="off" />
        <button type="submit" className="btn btn-primary" disabled={!input.trim()}>Find people</button>
      </form>
      {out.state === "loading" && <Loading what="who to ask" />}
      {out.state === "error" && <ErrorNotice error={out.error} onRetry={reload} />}
      {out.state === "ok" && <ExpertsResult out={out.data} />}
    </section>
  );
}
