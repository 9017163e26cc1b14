/** The people screens' rows in plain words (pure): names for ids, roles, claims, hand-offs, dates. */
import type { NameCandidate } from "../../shared/CandidateList";
import { relationWords } from "../../shared/links";
import type { HandoffRef, PersonCandidate, RowGrade, SuccessorRow } from "./types";

/** "2026-12-01T06:14:19+00:00" -> "2026-12-01": the day is what a reader needs; the record keeps the time. */
export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "an unknown date");

/** {assignee: 2, maintainer: 1} -> "assignee ×2, maintainer". */
export function rolesText(roles: Record<string, number> | undefined): string {
  return Object.entries(roles ?? {})
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([role, n]) => (n > 1 ? `${role} ×${n}` : role))
    .join(", ");
}

/** A person candidate for the one candidate list: roles and teams tell namesakes apart, documents by title. */
export function personCandidate(c: PersonCandidate): NameCandidate {
  const roles = rolesText(c.roles);
  const teams = (c.teams ?? []).join(", ");
  const detail = [roles && `named as ${roles}`, teams && `team ${teams}`].filter(Boolean).join(" · ") ||
    "no role recorded";
  return { id: c.id, name: c.name, type: "Person", documents: c.document_count ?? 0, detail,
    sources: (c.documents ?? []).map((d) => d.title ?? "an untitled document") };
}

/** "Which one?" when the candidates share the typed name, else "Did you mean …?". */
export function candidateKindFor(query: string, candidates: PersonCandidate[]): "which_one" | "did_you_mean" {
  const q = query.trim().toLowerCase();
  const same = candidates.filter((c) => c.name.toLowerCase() === q).length;
  return same >= 2 ? "which_one" : "did_you_mean";
}

export const ROW_GRADE_LABEL: Record<RowGrade, string> = {
  source_backed: "source-backed",
  inferred: "inferred",
  approval_record: "approval record",
};

/** "handed off to Mei Lin Tan, approved by Dana on 2026-12-01": an audit record in words, never a quote. */
export const handedOffText = (h: HandoffRef) =>
  `handed off to ${h.to.name}, approved by ${h.approved_by} on ${day(h.approved_at)}`;

/** For the new holder: "handed to them from Felix Huang, approved by Dana on 2026-12-01". */
export const receivedText = (h: HandoffRef, fromName: string | null) =>
  `handed to them${fromName ? ` from ${fromName}` : ""}, approved by ${h.approved_by} on ${day(h.approved_at)}`;

const CLAIM_WORDS: Record<SuccessorRow["claims"][number]["kind"], string> = {
  resolved: "resolved", owns: "owns", reviewed: "reviewed work on", related: "worked on a component related to",
};

/** One successor claim in words: "resolved OPS-412 on rate-engine", "reviewed work on rate-engine". */
export function claimText(claim: SuccessorRow["claims"][number], name: (id: string) => string): string {
  if (claim.kind === "resolved" && claim.item) return `resolved ${name(claim.item)} on ${name(claim.component)}`;
  return `${CLAIM_WORDS[claim.kind]} ${name(claim.component)}`;
}

/** "resolved 1, reviewed 3": the counts a successor is ranked by, zeros left out. */
export function countsText(c: SuccessorRow["counts"]): string {
  const parts = [c.resolved && `resolved ${c.resolved}`, c.owns && `owns ${c.owns}`,
    c.reviewed && `reviewed ${c.reviewed}`, c.related && `related ${c.related}`].filter(Boolean);
  return parts.join(", ") || "no counted work";
}

/** 0.00459 -> "0.0046"; 29.16 -> "29.2": enough digits to compare people, no more. */
export function score(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  if (value === 0) return "0";
  return Math.abs(value) >= 1 ? value.toFixed(1) : value.toPrecision(2);
}

export function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/** A query note in words: "walked: ASSIGNED_TO, OWNS" -> "relations walked: assigned to, owns". */
export function noteText(note: string): string {
  const walked = /^walked:\s*(.*)$/.exec(note);
  if (walked) return `relations walked: ${(walked[1] ?? "").split(/,\s*/).filter(Boolean).map(relationWords).join(", ")}`;
  return note.replace(/\b[A-Z]+(?:_[A-Z]+)+\b/g, relationWords);
}
