/** An answer's permalink (/answers/:id): the stored answer exactly as it was, with "ask again" and a way back. */
import { Link, useNavigate, useParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { useApi } from "../../shared/useApi";
import { AnswerView } from "./AnswerView";

export function AnswerPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [answer, reload] = useApi((signal) => unwrap(api.GET("/api/answers/{answer_id}", {
    params: { path: { answer_id: id } }, signal })), [id]);
  const askAgain = (q: string) => navigate(`/?ask=${encodeURIComponent(q)}`);
  return (
    <div className="screen">
      <p><Link to="/">← Back to Ask</Link> · <Link to="/history">History</Link></p>
      <h1>Stored answer</h1>
      {answer.state === "loading" && <Loading what="the answer" />}
      {answer.state === "error" && <ErrorNotice error={answer.error} onRetry={reload} />}
      {answer.state === "ok" && (
        <>
          <AnswerView answer={answer.data} permalink={false} onPickCandidate={(c) => askAgain(c.name)}
            onRetry={() => askAgain(answer.data.question)} />
          <button type="button" className="btn" onClick={() => askAgain(answer.data.question)}>Ask again</button>
        </>
      )}
    </div>
  );
}
