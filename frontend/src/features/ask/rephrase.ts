/** Asking again about a picked candidate (pure). */
import type { NameCandidate } from "../../shared/CandidateList";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * "Which one?": name the chosen entity by name and type; the type noun goes right after the name
 * ("Atlas (the team)"), where the answering loop reads a type hint. Without the name in the question, it is appended.
 */
export function disambiguate(question: string, c: Pick<NameCandidate, "name" | "type">): string {
  const typed = `${c.name} (the ${c.type.toLowerCase()})`;
  const at = new RegExp(`(?<![\\w-])${escapeRegExp(c.name)}(?![\\w-])`, "i");
  if (at.test(question)) return question.replace(at, typed);
  return `${question.replace(/[\s?.!]+$/, "")}: ${typed}?`;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j] as number;
      row[j] = Math.min(here + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length] as number;
}

/**
 * "Did you mean X?": replace the words of the question that are closest to X (the typo) by X. The window of
 * words most similar to the name wins when at least half of it matches; otherwise X is appended.
 */
export function replaceNearest(question: string, name: string): string {
  const words = [...question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_.'-]*/gu)];
  const target = name.toLowerCase();
  const span = name.split(/\s+/).length;
  let best: { start: number; end: number; score: number } | null = null;
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= span + 1 && i + n <= words.length; n++) {
      const first = words[i] as RegExpMatchArray;
      const last = words[i + n - 1] as RegExpMatchArray;
      const start = first.index ?? 0;
      const end = (last.index ?? 0) + last[0].length;
      const text = question.slice(start, end).toLowerCase();
      const score = 1 - distance(text, target) / Math.max(text.length, target.length);
      if (!best || score > best.score) best = { start, end, score };
    }
  }
  if (best && best.score >= 0.5) return question.slice(0, best.start) + name + question.slice(best.end);
  return `${question.replace(/[\s?.!]+$/, "")}: ${name}?`;
}
