/** A drafted question in plain words (pure): its evidence ids become numbered source marks, "[1]", "[2]". */
import type { Expert } from "./types";

const CITED_ID = /\s?\[(ev_[0-9a-f]{16})\]/g;

export interface DraftSource {
  n: number;
  id: string;
  evidence: Expert["evidence"][number] | undefined;
}

export function draftText(expert: Expert): { text: string; sources: DraftSource[] } {
  const cites = expert.draft.cites;
  const sources = cites.map((id, i) => ({ n: i + 1, id, evidence: expert.evidence.find((e) => e.id === id) }));
  const text = expert.draft.text.replace(CITED_ID, (_m, id: string) => {
    const at = cites.indexOf(id);
    return at === -1 ? "" : ` [${at + 1}]`;
  });
  return { text, sources };
}

/** What "Copy" puts on the clipboard: the draft and its numbered sources by title and date. */
export function draftForClipboard(expert: Expert): string {
  const { text, sources } = draftText(expert);
  const list = sources.map((s) => `[${s.n}] ${s.evidence?.document.title ?? "a source"}` +
    (s.evidence?.document.updated ? ` (${s.evidence.document.updated.slice(0, 10)})` : ""));
  return list.length ? `${text}\n\n${list.join("\n")}` : text;
}
