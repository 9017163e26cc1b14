/** History: every stored answer with its status, newest first; open one to see it exactly as it was. */
import { Link, useParams, useSearchParams } from "react-router";
import { apiGet } from "../api/client";
import { AnswerView, STATUS_LABEL } from "../answer/AnswerView";
import { ErrorNotice, Loading } from "../components/ErrorNotice";
import { useApi } from "../components/useApi";

const FILTERS = { all: undefined, stale: true, current: false } as const;
type Filter = keyof typeof FILTERS;

export function HistoryScreen() {
  const [params, setParams] = useSearchParams();
  const filter: Filter = (params.get("show") as Filter | null) ?? "all";
  const [history, reload] = useApi((signal) => apiGet("/api/history",
    { query: { limit: 100, stale: FILTERS[filter] ?? null }, signal }), [filter]);
  return (
    <div className="screen">
      <h1>History</h1>
      <p className="lede">
        Every final answer is kept, abstentions and refusals included. Answers given while the graph was down are
        not stored.
      </p>
      <label htmlFor="history-filter">Show</label>{" "}
      <select id="history-filter" className="input select" value={filter}
        onChange={(e) => setParams(e.target.value === "all" ? {} : { show: e.target.value })}>
        <option value="all">all answers</option>
        <option value="stale">stale answers (a cited sentence changed)</option>
        <option value="current">current answers</option>
      </select>
      {history.state === "loading" && <Loading what="history" />}
      {history.state === "error" && <ErrorNotice error={history.error} onRetry={reload} />}
      {history.state === "ok" && history.data.answers.length === 0 && (
        <p className="muted">No answers yet. Ask something first.</p>
      )}
      {history.state === "ok" && history.data.answers.length > 0 && (
        <table className="history-table">
          <thead>
            <tr><th scope="col">When</th><th scope="col">Question</th><th scope="col">Status</th><th scope="col">Citations</th></tr>
          </thead>
          <tbody>
            {history.data.answers.map((a) => (
              <tr key={a.id}>
                <td>{new Date(a.created_at).toLocaleString()}</td>
                <td><Link to={`/history/${encodeURIComponent(a.id)}`}>{a.question}</Link></td>
                <td><span className={`status status-${a.status}`}>{STATUS_LABEL[a.status]}</span>
                  {a.stale && <span className="badge badge-stale" data-testid="stale-badge"> stale</span>}</td>
                <td>{a.citations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function HistoryAnswerScreen() {
  const { id = "" } = useParams();
  const [answer, reload] = useApi((signal) => apiGet("/api/answers/{answer_id}", { path: { answer_id: id }, signal }), [id]);
  return (
    <div className="screen">
      <p><Link to="/history">← History</Link></p>
      <h1>Stored answer</h1>
      {answer.state === "loading" && <Loading what="the answer" />}
      {answer.state === "error" && <ErrorNotice error={answer.error} onRetry={reload} />}
      {answer.state === "ok" && <AnswerView answer={answer.data} />}
    </div>
  );
}
