/** The departure as lists, one per section up to the chosen depth (the keyboard's and screen reader's route to the
 * same selections as the canvas). An empty section says so in words. */
import { SECTION_DEPTH, SECTION_TITLE, SECTIONS, type DepartureGraph, type RowRef } from "./departureModel";
import { RowGradeTag } from "./RowGradeTag";
import { rowText } from "./rowText";
import type { Section } from "./types";

const EMPTY: Record<Section, string> = {
  open_work: "No open work: nothing assigned to them is open.",
  customers: "No customer is recorded as waiting on their open work.",
  sole_expert_components: "No component depends on them alone: someone else has resolved or owns work on each.",
  successors: "No one else has resolved, owned or reviewed work on the same components.",
};

export function DepartureLists({ graph, depth, name, selectedRow, onSelect }: {
  graph: DepartureGraph; depth: number; name: (id: string) => string; selectedRow: string | null;
  onSelect: (ref: RowRef) => void;
}) {
  return (
    <div className="departure-lists">
      {SECTIONS.filter((s) => SECTION_DEPTH[s] <= depth).map((section) => {
        const rows = graph.rows.filter((r) => r.section === section);
        return (
          <section key={section} aria-label={SECTION_TITLE[section]} data-testid={`section-${section}`}>
            <h3 className="section-title">
              {SECTION_TITLE[section]} ({rows.length}) <span className="muted">· depth {SECTION_DEPTH[section]}</span>
            </h3>
            {rows.length === 0 ? <p className="muted" data-testid={`empty-${section}`}>{EMPTY[section]}</p> : (
              <ul className="edge-buttons">
                {rows.map((ref) => {
                  const handedOff = ref.row.section === "open_work" && ref.row.state === "handed_off";
                  return (
                    <li key={ref.key}>
                      <button type="button" className={`btn btn-edge edge-${handedOff ? "approval_record handed-off" : ref.row.grade}`}
                        data-testid="row-button" data-section={section} data-state={handedOff ? "handed_off" : undefined}
                        aria-pressed={selectedRow === ref.key} onClick={() => onSelect(ref)}>
                        {rowText(ref, name)} <RowGradeTag grade={handedOff ? "approval_record" : ref.row.grade} />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
