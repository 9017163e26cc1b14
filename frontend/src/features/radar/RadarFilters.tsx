/** Which paths the radar draws: by predicate and by grade (checkboxes), and how many at most ("show more"). */
import { GRADE_LABEL } from "../../shared/GradeTag";
import { relationWords } from "../../shared/links";
import { ALL_GRADES, type EdgeGrade } from "./radarModel";

export function RadarFilters({ relTypes, chosenRels, onRels, chosenGrades, onGrades }: {
  relTypes: string[];
  chosenRels: ReadonlySet<string>;
  onRels: (next: Set<string>) => void;
  chosenGrades: ReadonlySet<EdgeGrade>;
  onGrades: (next: Set<EdgeGrade>) => void;
}) {
  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };
  return (
    <details className="radar-filters">
      <summary>Filter ({chosenRels.size}/{relTypes.length} relations, {chosenGrades.size}/{ALL_GRADES.length} grades)</summary>
      <fieldset>
        <legend>Relations</legend>
        {relTypes.map((t) => (
          <label key={t} className="check">
            <input type="checkbox" checked={chosenRels.has(t)} onChange={() => onRels(toggle(chosenRels, t))} />
            {relationWords(t)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Grades</legend>
        {ALL_GRADES.map((g) => (
          <label key={g} className="check">
            <input type="checkbox" checked={chosenGrades.has(g)} onChange={() => onGrades(toggle(chosenGrades, g))} />
            {g === "ungraded" ? "ungraded" : GRADE_LABEL[g]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
