/** Impact radar: "what breaks if X changes", rings by hop distance, edges drawn by grade, an evidence inspector. */
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { apiGet } from "../api/client";
import type { CandidateOut, ImpactOut } from "../api/types";
import { ErrorNotice, Loading } from "../components/ErrorNotice";
import { usePolicy } from "../components/PolicyContext";
import { useApi } from "../components/useApi";
import { Inspector, type Selection } from "../inspector/Inspector";
import { limitations } from "../inspector/limitations";
import { ResolutionNotice } from "./ResolutionNotice";
import { RadarGraph } from "./RadarGraph";
import { RadarLegend } from "./RadarLegend";
import { RadarLists } from "./RadarLists";
import { buildRadar } from "./radarModel";

function Result({ impact, onPick }: { impact: ImpactOut; onPick: (c: CandidateOut) => void }) {
  const { policy } = usePolicy();
  const model = useMemo(() => buildRadar(impact), [impact]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const policyData = policy.state === "ok" ? policy.data : null;
  if (impact.outcome !== "found") {
    return <ResolutionNotice outcome={impact.outcome} resolution={impact.resolution} message={impact.message}
      onPick={onPick} />;
  }
  const limits = limitations(impact, model, policyData);
  return (
    <div className="radar-result">
      <h2>What breaks if {model.anchor?.name ?? impact.entity}{" "}
        {model.anchor?.type && <span className="type-tag">{model.anchor.type}</span>} changes</h2>
      <RadarLegend counts={model.counts} graded={model.graded} />
      <details className="limits-box">
        <summary>What this cannot tell ({limits.length})</summary>
        <ul className="limits">{limits.map((l, i) => <li key={i}>{l}</li>)}</ul>
      </details>
      <div className={selection ? "radar-layout with-inspector" : "radar-layout"}>
        <div className="radar-main">
          <RadarGraph model={model} selectedId={selection?.id ?? null}
            onSelect={(kind, id) => setSelection({ kind, id })} />
          <RadarLists model={model} onSelect={setSelection} selected={selection} />
        </div>
        {selection && (
          <Inspector impact={impact} model={model} selection={selection} policy={policyData}
            onClose={() => setSelection(null)} />
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
  const [impact, reload] = useApi(
    entityId ? (signal) => apiGet("/api/impact", { query: { entity_id: entityId, depth }, signal })
      : entity ? (signal) => apiGet("/api/impact", { query: { entity, depth }, signal }) : null,
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
