/** Markdown as formatted text (react-markdown + GitHub tables/lists); raw HTML in the source is never rendered. */
import type { ComponentProps } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

type Props = Omit<ComponentProps<typeof ReactMarkdown>, "remarkPlugins"> & { className?: string };

export function Markdown({ className, ...props }: Props) {
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml {...props} />
    </div>
  );
}
