/**
 * An answer's text as formatted text (Markdown), never in quote style (it is generated); each evidence marker is
 * a numbered chip that opens the cited range. Machine parts are removed first (answerText.ts).
 */
import { Link } from "react-router";
import type { Answer } from "../../api/types";
import { documentHref } from "../../shared/links";
import { Markdown } from "../../shared/Markdown";
import { CITE_PREFIX, displayText } from "./answerText";

export function AnswerText({ answer }: { answer: Pick<Answer, "id" | "text" | "citations" | "candidates"> }) {
  const citations = answer.citations ?? [];
  return (
    <Markdown className="answer-text" components={{
      a: ({ href, children }) => {
        if (href?.startsWith(CITE_PREFIX)) {
          const id = href.slice(CITE_PREFIX.length);
          const n = citations.findIndex((c) => c.evidence_id === id);
          const c = citations[n];
          if (!c) return null;
          return (
            <Link to={documentHref(c.document_id, c.start, c.end, id, answer.id)} className="chip chip-inline"
              data-testid="inline-citation" aria-label={`Source ${n + 1}: ${c.document_title}`}>
              {children}
            </Link>
          );
        }
        return <a href={href} rel="noreferrer">{children}</a>;
      },
    }}>
      {displayText(answer)}
    </Markdown>
  );
}
