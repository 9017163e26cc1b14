/** Labels drawn on a graph canvas (pure). */
const LABEL_CHARS = 28;

/** A label short enough to draw: long titles are cut with "…" (the lists beside the canvas hold full names). */
export function shortLabel(text: string): string {
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1).trimEnd()}…` : text;
}
