/** Where a cited character range is shown: the document view with the range highlighted. */
export function documentHref(documentId: string, start?: number, end?: number, evidenceId?: string): string {
  const qs = new URLSearchParams();
  if (start !== undefined) qs.set("start", String(start));
  if (end !== undefined) qs.set("end", String(end));
  if (evidenceId) qs.set("ev", evidenceId);
  const s = qs.toString();
  return `/documents/${encodeURIComponent(documentId)}${s ? `?${s}` : ""}`;
}
