/** Turn streamed events into the lines of the step log (pure; the shapes are read defensively). */
import type { StreamEvent } from "../../api/types";
import { compact } from "../../shared/compact";

export { compact };

export interface Step {
  kind: StreamEvent["type"];
  title: string;
  detail?: string;
  /** A longer block (arguments, a draft) shown in monospace. */
  block?: string;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

function gradeSummary(data: Record<string, unknown>): string {
  const paths = Array.isArray(data.paths) ? data.paths : Array.isArray(data.hop_grades) ? data.hop_grades : [];
  const counts: Record<string, number> = {};
  for (const p of paths as { hops?: { grade?: string }[] }[]) {
    for (const h of p.hops ?? []) counts[h.grade ?? "?"] = (counts[h.grade ?? "?"] ?? 0) + 1;
  }
  const parts = Object.entries(counts).map(([g, n]) => `${n} ${g.replace("_", "-")}`);
  return `${paths.length} path${paths.length === 1 ? "" : "s"}${parts.length ? `: ${parts.join(", ")} hops` : ""}`;
}

export function describeEvent(event: StreamEvent): Step {
  const d = event.data;
  const name = str(d.name) ?? str(d.tool) ?? str(d.query) ?? "tool";
  switch (event.type) {
    case "plan": {
      const steps = Array.isArray(d.steps) ? d.steps.map((s) => (typeof s === "string" ? s : compact(s))) : null;
      const list = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(", ") : undefined);
      const facts = [str(d.intent) && `intent ${str(d.intent)}`, list(d.entities) && `entities ${list(d.entities)}`,
        list(d.queries) && `queries ${list(d.queries)}`, str(d.mode) && `${str(d.mode)} mode`].filter(Boolean);
      return { kind: "plan", title: "Plan", detail: str(d.text) ?? str(d.plan) ?? str(d.summary) ?? (facts.join(" · ") || undefined),
        block: steps ? steps.map((s, i) => `${i + 1}. ${s}`).join("\n") : undefined };
    }
    case "tool_call": {
      const args = d.arguments ?? d.args ?? d.params ?? d.input;
      return { kind: "tool_call", title: `Call ${name}`, block: args === undefined ? undefined : compact(args) };
    }
    case "tool_result": {
      const rows = num(d.rows) ?? (Array.isArray(d.rows) ? d.rows.length : undefined);
      const time = num(d.run_time_ms) ?? num(d.wall_ms) ?? num(d.ms);
      const parts = [str(d.outcome), rows !== undefined ? `${rows} row${rows === 1 ? "" : "s"}` : undefined,
        time !== undefined ? `${time.toFixed(1)} ms` : undefined, str(d.reason), str(d.error)];
      const queries = Array.isArray(d.queries) ? (d.queries as Record<string, unknown>[]) : [];
      const perQuery = queries.map((q) => `${String(q.name)}: ${String(q.rows)} row${q.rows === 1 ? "" : "s"}` +
        (num(q.run_time_ms) !== undefined ? ` in ${num(q.run_time_ms)?.toFixed(1)} ms` : ""));
      return { kind: "tool_result", title: `Result of ${name}`, detail: parts.filter(Boolean).join(" · "),
        block: perQuery.length ? perQuery.join("\n") : undefined };
    }
    case "hop_grades":
      return { kind: "hop_grades", title: "Hops graded", detail: gradeSummary(d) };
    case "draft":
      return { kind: "draft", title: "Draft written (not yet checked)", block: str(d.text) ?? str(d.draft) };
    case "verdict": {
      const ok = d.ok ?? d.passed ?? d.accepted;
      const verdict = str(d.verdict) ?? str(d.status) ?? (ok === true ? "passed" : ok === false ? "failed" : "done");
      return { kind: "verdict", title: `Citation check: ${verdict}`, detail: str(d.reason) };
    }
    case "answer":
      return { kind: "answer", title: "Answer ready", detail: str(d.status) };
    case "error":
      return { kind: "error", title: "Error", detail: str(d.message) ?? compact(d) };
  }
}
