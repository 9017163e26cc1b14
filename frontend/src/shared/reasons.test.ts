import { describe, expect, it } from "vitest";
import { KNOWN_REASON_CODES, NEUTRAL_REASON, plainReason, plainReasons } from "./reasons";

/** Every code the grader emits (verify/hop_grader.py, verify/metadata_hops.py, verify/binding.py,
 * zehn/agent/grading.py), with a detail where the code carries one. */
const GRADER_CODES = [
  "binding_failed:same_mention", "binding_failed:span_out_of_range", "binding_failed:span_text_mismatch",
  "binding_failed:subject_not_in_sentence", "binding_failed:object_not_in_sentence",
  "binding_failed:not_a_metadata_line", "binding_failed:subject_not_in_line", "binding_failed:object_not_in_line",
  "negated", "hypothetical", "signal:not", "plan_or_future", "cooccurrence_only", "clause_boundary",
  "direction_reversed", "predicate_on_path:depend", "different_predicate:own", "unknown_rel_type:FOO",
  "metadata_field:assignee", "no_evidence",
];

describe("grader reasons in plain words", () => {
  it.each(GRADER_CODES)("%s reads as words, never as the code", (code) => {
    const text = plainReason(code);
    expect(text).not.toBe(NEUTRAL_REASON);
    expect(text).not.toMatch(/_|:/);
    expect(text.length).toBeGreaterThan(5);
  });

  it("covers every code family the grader has", () => {
    const families = new Set(GRADER_CODES.map((c) => c.split(":")[0]));
    expect([...families].sort()).toEqual([...KNOWN_REASON_CODES].filter((c) => families.has(c)).sort());
    expect(families.size).toBe(KNOWN_REASON_CODES.length);
  });

  it("falls back to a neutral phrase for a code it does not know", () => {
    expect(plainReason("brand_new_rule:x")).toBe(NEUTRAL_REASON);
  });

  it("folds signal words into the reason they support", () => {
    expect(plainReasons(["negated", "signal:not", "signal:never"]))
      .toBe("the sentence says it does not hold (words: “not”, “never”)");
  });
});
