/**
 * Impact radar: "what breaks if X changes", rings by hop distance, edges drawn by grade, an evidence inspector.
 * Entity, id and depth live in the URL. The canvas keeps its size when the inspector opens (the inspector has its
 * own column), Escape closes the inspector, and at most a page of paths is drawn ("Show more"), filtered by
 * predicate and grade.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import type { CandidateOut, ImpactOut } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { usePolicy } from "../../shared/PolicyContext";
import { ResolutionNotice } from "../../shared/ResolutionNotice";
import { useApi } from "../../shared/useApi";
import { Inspector, type Selection } from "./Inspector";
import { limitations } from "./limitations";
import { RadarFilters } from "./RadarFilters";
import { RadarGraph } from "./RadarGraph";
import { RadarLegend } from "./RadarLegend";
import { RadarLists } from "./RadarLists";
import { ALL_GRADES, buildRadar, filterImpact, relTypesOf, type EdgeGrade } from "./radarModel";

export const PAGE = 40;

/** Escape closes whatever `close` closes, while `active`. */
export function useEscape(active: boolean, close: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, close]);
}

function Result({ impact, onPick }: { impact: ImpactOut; onPick: (c: CandidateOut) => void }) {
  const { policy } = usePolicy();
  const relTypes = useMemo(() => relTypesOf(impact), [impact]);
  const [rels, setRels] = useState<Set<string>>(() => new Set(relTypes));
  const [grades, setGrades] = useState<Set<EdgeGrade>>(() => new Set(ALL_GRADES));
  const [limit, setLimit] = useState(PAGE);
  const filtered = useMemo(() => filterImpact(impact, { relTypes: rels, grades, limit }), [impact, rels, grades, limit]);
  const model = useMemo(() => buildRadar(filtered.impact), [filtered]);
  const full = useMemo(() => buildRadar(impact), [impact]);
  const [selection, setSelection] = useState<Selection | null>(null);
  useEscape(selection !== null, () => setSelection(null));
  const policyData = policy.state === "ok" ? policy.data : null;
  if (impact.outcome !== "found") {
    return <ResolutionNotice outcome={impact.outcome} resolution={impact.resolution} message={impact.message}
      onPick={onPick} action="Show the impact of" />;
  }
  const limits = limitations(impact, full, policyData);
  const total = (impact.paths ?? []).length;
  return (
    <div className="radar-result">
      <h2>What breaks if {full.anchor?.name ?? impact.entity}{" "}
        {full.anchor?.type && <span className="type-tag">{full.anchor.type}</span>} changes</h2>
      <RadarLegend counts={full.counts} graded={full.graded} />
      <div className="radar-options">
        <RadarFilters relTypes={relTypes} chosenRels={rels} onRels={setRels} chosenGrades={grades} onGrades={setGrades} />
        <details className="limits-box">
          <summary>What this cannot tell ({limits.length})</summary>
          <ul className="limits">{limits.map((l, i) => <li key={i}>{l}</li>)}</ul>
        </details>
      </div>
      <p className="muted" data-testid="radar-shown" role="status">
        Showing {filtered.shown} of {total} path{total === 1 ? "" : "s"}
        {filtered.hidden > 0 && (
          <> · <button type="button" className="btn btn-small" onClick={() => setLimit((n) => n + PAGE)}
            data-testid="show-more">Show {Math.min(PAGE, filtered.hidden)} more</button></>
        )}
      </p>
      <div className="radar-layout">
        <div className="radar-main">
          <RadarGraph model={model} selectedId={selection?.id ?? null}
            onSelect={(kind, id) => setSelection({ kind, id })} />
          <RadarLists model={model} onSelect={setSelection} selected={selection} />
        </div>
        {selection ? (
          <Inspector impact={impact} model={model} selection={selection} policy={policyData}
            onClose={() => setSelection(null)} />
        ) : (
          <aside className="inspector inspector-empty" aria-label="Evidence inspector">
            <p className="muted">Select an entity or a relation, on the graph or in the lists, to read its evidence.</p>
          </aside>
        )}
      </div>
    </div>
  );
}

export function RadarScreen() {
  const [params, setParams] = useSearchParams();
  const entity = params.get("entity") ?? "";
  const entityId = params.get("entity_id") ?? "";  // one entity picked by id (a candidate of an ambiguous name)
  const depth = Math.min(3, Math.max(1, Number(params.get("depth") ?? "3") || 3));
  const [input, setInput] = useState(entity);
  const [inputDepth, setInputDepth] = useState(depth);
  useEffect(() => setInput(entity), [entity]);
  useEffect(() => setInputDepth(depth), [depth]);
  const [impact, reload] = useApi(
    entityId ? (signal) => unwrap(api.GET("/api/impact", { params: { query: { entity_id: entityId, depth } }, signal }))
      : entity ? (signal) => unwrap(api.GET("/api/impact", { params: { query: { entity, depth } }, signal })) : null,
    [entity, entityId, depth],
  );
  const pick = (c: CandidateOut) => setParams({ entity: c.name, entity_id: c.id, depth: String(depth) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (input.trim()) setParams({ entity: input.trim(), depth: String(inputDepth) });
  };

  return (
    <div className="screen radar-screen">
      <h1>Impact radar</h1>
      <form className="inline-form" onSubmit={submit} aria-label="Impact of a change">
        <label htmlFor="radar-entity">Entity</label>
        <input id="radar-entity" className="input" value={input} onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. geo-index" autoComplete="off" />
        <label htmlFor="radar-depth">Hops</label>
        <select id="radar-depth" className="input select" value={inputDepth}
          onChange={(e) => setInputDepth(Number(e.target.value))}>
          {[1, 2, 3].map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
        <button type="submit" className="btn btn-primary" disabled={!input.trim()}>Show impact</button>
      </form>
      {impact.state === "loading" && <Loading what="the impact" />}
      {impact.state === "error" && <ErrorNotice error={impact.error} onRetry={reload} />}
      {impact.state === "ok" && <Result key={`${entity}-${entityId}-${depth}`} impact={impact.data} onPick={pick} />}
    </div>
  );
}
