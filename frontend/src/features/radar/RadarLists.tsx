/** The radar as lists (keyboard and screen-reader route to the same selections as the canvas). */
import { GradeTag } from "../../shared/GradeTag";
import { relationWords } from "../../shared/links";
import type { Selection } from "./Inspector";
import type { RadarModel } from "./radarModel";

export function RadarLists({ model, selected, onSelect }: {
  model: RadarModel; selected: Selection | null; onSelect: (s: Selection) => void;
}) {
  const rings = [1, 2, 3].map((r) => model.nodes.filter((n) => n.ring === r)).filter((ns) => ns.length > 0);
  const name = (id: string) => model.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <div className="radar-lists">
      <section aria-label="Affected entities by hop distance">
        <h3 className="section-title">Affected entities</h3>
        {rings.map((nodes) => (
          <div key={nodes[0]?.ring} className="ring-row">
            <span className="ring-label">{nodes[0]?.ring} hop{nodes[0]?.ring === 1 ? "" : "s"}</span>
            <ul className="node-buttons">
              {nodes.map((n) => (
                <li key={n.id}>
                  <button type="button" className="btn btn-node" aria-pressed={selected?.kind === "node" && selected.id === n.id}
                    onClick={() => onSelect({ kind: "node", id: n.id })}>
                    {n.name}{n.type && <span className="type-tag">{n.type}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-label="Relations">
        <h3 className="section-title">Relations ({model.edges.length})</h3>
        <ul className="edge-buttons">
          {model.edges.map((e) => (
            <li key={e.key}>
              <button type="button" className={`btn btn-edge edge-${e.grade}`} data-testid="edge-button" data-grade={e.grade}
                aria-pressed={selected?.kind === "edge" && selected.id === e.key}
                onClick={() => onSelect({ kind: "edge", id: e.key })}>
                <span>{name(e.source)}</span> <span className="rel">{relationWords(e.rel_type)}</span> <span>{name(e.target)}</span>{" "}
                <GradeTag grade={e.grade} />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
