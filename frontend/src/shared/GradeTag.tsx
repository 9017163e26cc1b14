/** A hop grade in words and style: solid source-backed, dashed inferred (with a warning mark), greyed insufficient. */
import type { Grade } from "../api/types";

export const GRADE_LABEL: Record<Grade, string> = {
  source_backed: "source-backed",
  inferred: "inferred",
  insufficient: "insufficient",
};

export function GradeTag({ grade }: { grade: Grade | "ungraded" }) {
  const label = grade === "ungraded" ? "ungraded" : GRADE_LABEL[grade];
  return (
    <span className={`grade grade-${grade}`}>
      {grade === "inferred" && <span aria-hidden="true">⚠ </span>}
      {label}
    </span>
  );
}
