/**
 * The hop grader's reasons (verify/hop_grader.py, verify/metadata_hops.py, verify/binding.py, zehn/agent/grading.py)
 * in plain words. Codes are `name` or `name:detail`; an unknown code gets a neutral phrase, never its raw text.
 */

type Explain = (detail: string) => string;

const REASONS: Record<string, Explain> = {
  predicate_on_path: (w) => (w ? `the sentence states it (“${w}”)` : "the sentence states it"),
  different_predicate: (w) => (w ? `the sentence links them with another relation (“${w}”), not this one`
    : "the sentence links them with another relation, not this one"),
  direction_reversed: () => "the sentence states it the other way round",
  cooccurrence_only: () => "both are mentioned, but the sentence does not say how they relate",
  clause_boundary: () => "they are named in different parts of the sentence",
  negated: () => "the sentence says it does not hold",
  hypothetical: () => "the sentence only supposes or asks it",
  plan_or_future: () => "the sentence describes a plan, not the current state",
  signal: (w) => (w ? `signal word “${w}”` : ""),
  metadata_field: (f) => (f ? `recorded in the “${f.replace(/_/g, " ")}” field` : "recorded in a metadata field"),
  binding_failed: (what) => BINDING[what] ?? "the names could not be found in the sentence",
  unknown_rel_type: () => "this kind of relation cannot be checked against a sentence",
  no_evidence: () => "no sentence supports it",
};

const BINDING: Record<string, string> = {
  same_mention: "both names point at the same words",
  span_out_of_range: "the recorded position of a name is outside the sentence",
  span_text_mismatch: "the recorded position of a name does not hold that name",
  subject_not_in_sentence: "the first name is not in the sentence",
  object_not_in_sentence: "the second name is not in the sentence",
  not_a_metadata_line: "the cited line is not a metadata field",
  subject_not_in_line: "the first name is not in the cited field",
  object_not_in_line: "the second name is not in the cited field",
};

export const NEUTRAL_REASON = "checked against its sentence";

/** One reason code in words ("" for a code that adds nothing on its own). */
export function plainReason(code: string): string {
  const at = code.indexOf(":");
  const name = at === -1 ? code : code.slice(0, at);
  const detail = at === -1 ? "" : code.slice(at + 1);
  const explain = REASONS[name];
  return explain ? explain(detail) : NEUTRAL_REASON;
}

/** All reasons of one hop as one phrase; signal words are folded into the reason they support. */
export function plainReasons(codes: readonly string[]): string {
  const signals = codes.filter((c) => c.startsWith("signal:")).map((c) => `“${c.slice(7)}”`);
  const main = [...new Set(codes.filter((c) => !c.startsWith("signal:")).map(plainReason).filter(Boolean))];
  const text = main.join("; ");
  if (!signals.length) return text;
  return `${text || NEUTRAL_REASON} (${signals.length === 1 ? "word" : "words"}: ${signals.join(", ")})`;
}

/** The codes the grader can emit, each mapped above (tests check every one maps to real words). */
export const KNOWN_REASON_CODES = Object.keys(REASONS);
