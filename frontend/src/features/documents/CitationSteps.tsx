/** Previous / next citation of the answer that led here (`?answer=` in the URL), across its documents. */
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import type { Answer } from "../../api/types";
import { documentHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { useConversation } from "../ask/conversation";

export function CitationSteps({ answerId, evidenceId }: { answerId: string; evidenceId: string | null }) {
  const { turns } = useConversation();
  const held = turns.find((t) => t.answer?.id === answerId)?.answer;
  const [fetched] = useApi(held ? null : (signal) => unwrap(api.GET("/api/answers/{answer_id}", {
    params: { path: { answer_id: answerId } }, signal })), [answerId, Boolean(held)]);
  const answer: Answer | undefined = held ?? (fetched.state === "ok" ? fetched.data : undefined);
  const citations = answer?.citations ?? [];
  const at = citations.findIndex((c) => c.evidence_id === evidenceId);
  if (!answer || at === -1 || citations.length < 2) return null;
  const href = (i: number) => {
    const c = citations[i];
    return c ? documentHref(c.document_id, c.start, c.end, c.evidence_id, answer.id) : null;
  };
  const prev = at > 0 ? href(at - 1) : null;
  const next = at < citations.length - 1 ? href(at + 1) : null;
  return (
    <nav className="citation-steps" aria-label="Citations of this answer" data-testid="citation-steps">
      {prev ? <Link className="btn btn-small" to={prev} replace>← Previous citation</Link> : null}
      <span>Citation {at + 1} of {citations.length} for “{answer.question}”</span>
      {next ? <Link className="btn btn-small" to={next} replace>Next citation →</Link> : null}
    </nav>
  );
}
