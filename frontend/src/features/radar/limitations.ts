/** What one radar investigation cannot tell, stated up front (pure, so it is tested and reused). */
import type { ImpactOut, PolicyDetail } from "../../api/types";
import type { RadarModel } from "./radarModel";

export function limitations(impact: ImpactOut, model: RadarModel, policy: PolicyDetail | null): string[] {
  const out = [
    "Extraction is rule-based (a dependency parse of sentences and ticket metadata): relations written in " +
      "unusual wording may be missed, so a missing edge does not prove that nothing depends on this entity.",
    `Only ${impact.depth} hop${impact.depth === 1 ? "" : "s"} were walked (at most 3 ever are); effects further ` +
      "out are not shown.",
  ];
  if (!model.graded) {
    out.push(`Hops are ungraded: ${impact.hop_grading}. No edge here is claimed to be source-backed.`);
  } else {
    const ungraded = model.edges.filter((e) => e.grade === "ungraded").length;
    if (ungraded) out.push(`${ungraded} hop${ungraded === 1 ? " was" : "s were"} not graded.`);
  }
  const walkable = policy?.walkable ?? null;
  if (walkable && !walkable.includes("CALLS")) {
    out.push(`CALLS is recorded but not walked under policy "${policy?.name}": services that only call this one ` +
      "(and do not depend on or use it) are not shown.");
  } else if (walkable && policy?.evaluation_mode) {
    out.push(`Policy "${policy.name}" is in evaluation mode (it also walks ${policy.non_default.join(", ")}): ` +
      "production answers would not use those predicates.");
  }
  if (!walkable) out.push("The policy could not be read, so which predicates were walked is not shown here.");
  const noEvidence = model.edges.filter((e) => e.evidence_ids.length === 0).length;
  if (noEvidence) out.push(`${noEvidence} edge${noEvidence === 1 ? " has" : "s have"} no evidence sentence and cannot be cited.`);
  out.push("Planned, hedged and negated statements are not dependencies; the extractor flags them, and a hop read " +
    "from such a sentence is not source-backed.");
  return out;
}
