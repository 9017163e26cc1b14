/** A row's grade: the shared grade tag, plus "approval record" for work held through an approved hand-off. */
import { GradeTag } from "../../shared/GradeTag";
import type { EdgeGrade } from "./departureModel";
import type { RowGrade } from "./types";

export function RowGradeTag({ grade }: { grade: RowGrade | EdgeGrade }) {
  if (grade === "approval_record") return <span className="grade grade-approval">approval record</span>;
  return <GradeTag grade={grade} />;
}
