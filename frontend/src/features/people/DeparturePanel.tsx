/**
 * "What if they leave" at depth 1..3 (the depth lives in the URL): drawn like the radar with its lists and the
 * inspector, then what they promised in meetings and chat. Each outcome has its own words: no open work, nothing
 * recorded, not a person; a failure comes from the caller as an error notice, never as an empty departure.
 */
import { useMemo, useState } from "react";
import { useEscape } from "../radar/RadarScreen";
import { Commitments } from "./Commitments";
import { DepartureGraph } from "./DepartureGraph";
import { DepartureInspector } from "./DepartureInspector";
import { DepartureLists } from "./DepartureLists";
import { buildDepartureGraph, namer, rowsFor, type DepartureGraph as Model, type EdgeGrade } from "./departureModel";
import { noteText } from "./peopleWords";
import { rowText } from "./rowText";
import type { DepartureOut } from "./types";

type Selection = { kind: "node" | "edge" | "row"; id: string };

const DEPTHS: [number, string][] = [
  [1, "open work"],
  [2, "+ waiting customers, components only they know"],
  [3, "+ possible successors"],
];

export function DepthSwitch({ depth, onDepth }: { depth: number; onDepth: (d: number) => void }) {
  return (
    <fieldset className="depth-switch" data-testid="depth-switch">
      <legend>How far to look</legend>
      {DEPTHS.map(([d, words]) => (
        <label key={d} className={`depth-option${d === depth ? " chosen" : ""}`}>
          <input type="radio" name="depth" value={d} checked={d === depth} onChange={() => onDepth(d)} />
          <span>Depth {d}</span> <span className="muted">{words}</span>
        </label>
      ))}
    </fieldset>
  );
}

const LEGEND: { key: EdgeGrade; label: string; explain: string }[] = [
  { key: "source_backed", label: "Source-backed", explain: "solid: a labelled line of a source states it" },
  { key: "inferred", label: "⚠ Inferred", explain: "dashed: derived from several lines (who else worked there)" },
  { key: "insufficient", label: "Insufficient", explain: "greyed: no evidence sentence is recorded" },
  { key: "approval_record", label: "Handed off", explain: "plain: an approved hand-off (an approval record, no quote)" },
];

function Legend({ model }: { model: Model }) {
  return (
    <details className="legend legend-details">
      <summary>How edges are drawn</summary>
      <ul className="legend-list">
        {LEGEND.map((item) => (
          <li key={item.key} className="legend-item">
            <span className={`legend-line line-${item.key === "approval_record" ? "approval" : item.key}`} aria-hidden="true" />
            <span className="legend-label">{item.label}</span>
            <span className="legend-count">{model.counts[item.key]}</span>
            <span className="legend-explain">{item.explain}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Drawing({ departure }: { departure: DepartureOut }) {
  const model = useMemo(() => buildDepartureGraph(departure), [departure]);
  const name = useMemo(() => namer(departure), [departure]);
  const [selection, setSelection] = useState<Selection | null>(null);
  useEscape(selection !== null, () => setSelection(null));
  const refs = selection ? rowsFor(model, selection) : [];
  const title = !selection ? "" : selection.kind === "row" && refs[0] ? rowText(refs[0], name)
    : selection.kind === "node" ? name(selection.id)
    : (() => { const e = model.edges.find((x) => x.key === selection.id); return e ? `${name(e.source)} → ${name(e.target)}` : ""; })();
  return (
    <>
      <Legend model={model} />
      <div className="radar-layout">
        <div className="radar-main">
          <DepartureGraph model={model} selectedId={selection && selection.kind !== "row" ? selection.id : null}
            onSelect={(kind, id) => setSelection({ kind, id })} />
          <DepartureLists graph={model} depth={departure.depth} name={name}
            selectedRow={selection?.kind === "row" ? selection.id : null}
            onSelect={(ref) => setSelection({ kind: "row", id: ref.key })} />
        </div>
        {selection ? (
          <DepartureInspector title={title} refs={refs} departure={departure} name={name} onClose={() => setSelection(null)} />
        ) : (
          <aside className="inspector inspector-empty" aria-label="Evidence inspector">
            <p className="muted">Select a row, or an item on the drawing, to read its path, its evidence and the query that ran.</p>
          </aside>
        )}
      </div>
    </>
  );
}

/** The outcomes that are not a drawing, each in its own words. */
function OutcomeNotice({ departure }: { departure: DepartureOut }) {
  const who = departure.person?.name ?? departure.query;
  switch (departure.outcome) {
    case "no_open_work":
      return (
        <div className="notice notice-muted" role="status" data-testid="no-open-work">
          <strong className="notice-title">No open work</strong>
          <p>Nothing assigned to {who} is open, so nothing is left behind at depth {departure.depth}. This was looked
            up: it is not a failure.</p>
        </div>
      );
    case "not_in_graph":
      return (
        <div className="notice notice-not_in_graph" role="status" data-testid="departure-not-in-graph">
          <strong className="notice-title">Nothing recorded</strong>
          <p>{who} is mentioned in the documents, but no work of theirs is recorded.</p>
        </div>
      );
    case "not_a_person":
      return (
        <div className="notice notice-muted" role="alert" data-testid="not-a-person">
          <strong className="notice-title">Not a person</strong>
          <p>{departure.message ?? `${who} is not a person.`}</p>
        </div>
      );
    default:
      return null;
  }
}

export function DeparturePanel({ departure }: { departure: DepartureOut }) {
  const name = departure.person?.name ?? departure.query;
  return (
    <section className="departure" aria-label={`What if ${name} leaves`} data-testid="departure"
      data-depth={departure.depth} data-outcome={departure.outcome}>
      {departure.outcome === "found" ? <Drawing departure={departure} /> : <OutcomeNotice departure={departure} />}
      {(departure.notes ?? []).length > 0 && (
        <details className="limits-box">
          <summary>How this was looked up ({(departure.notes ?? []).length})</summary>
          <ul className="limits">{(departure.notes ?? []).map((n, i) => <li key={i}>{noteText(n)}</li>)}</ul>
        </details>
      )}
      {departure.person && <Commitments items={departure.commitments ?? []} name={name} />}
    </section>
  );
}
