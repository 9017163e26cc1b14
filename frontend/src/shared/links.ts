/** Where a cited character range is shown: the document view with the range highlighted. */
export function documentHref(documentId: string, start?: number, end?: number, evidenceId?: string,
  answerId?: string): string {
  const qs = new URLSearchParams();
  if (start !== undefined) qs.set("start", String(start));
  if (end !== undefined) qs.set("end", String(end));
  if (evidenceId) qs.set("ev", evidenceId);
  if (answerId) qs.set("answer", answerId); // the document view then steps through that answer's citations
  const s = qs.toString();
  return `/documents/${encodeURIComponent(documentId)}${s ? `?${s}` : ""}`;
}

/** Where an answer is kept: its permalink. */
export const answerHref = (id: string) => `/answers/${encodeURIComponent(id)}`;

/** The impact radar of one entity (by id when known), at a depth. */
export function radarHref(entity: string, entityId?: string, depth = 3): string {
  const qs = new URLSearchParams({ entity });
  if (entityId) qs.set("entity_id", entityId);
  qs.set("depth", String(depth));
  return `/radar?${qs.toString()}`;
}

/** A predicate constant in words: DEPENDS_ON -> "depends on". */
export const relationWords = (relType: string) => relType.toLowerCase().replace(/_/g, " ");

/** The documents list, optionally searched. */
export const documentsHref = (q?: string) => (q ? `/documents?q=${encodeURIComponent(q)}` : "/documents");

/** A person on the People screen ("what if they leave" at a depth, 1..3). */
export function peopleHref(personId: string, depth?: number): string {
  return `/people/${encodeURIComponent(personId)}${depth ? `?depth=${depth}` : ""}`;
}

/** The People screen's search for a name (one person opens; several are listed to pick from). */
export const peopleSearchHref = (name: string) => `/people?q=${encodeURIComponent(name)}`;
