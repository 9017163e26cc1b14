/**
 * Explorer: find an entity, see its neighbourhood under the active policy, and grow it node by node. The entity
 * (and its id, once picked) is in the URL, so Back and a shared link return to the same neighbourhood.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import type { ResolutionOut } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { ResolutionNotice } from "../../shared/ResolutionNotice";
import { ExplorerCanvas } from "./ExplorerCanvas";
import { useExplorerGraph } from "./useExplorerGraph";

type Search = { state: "idle" | "loading" } | { state: "ok"; data: ResolutionOut } | { state: "error"; error: unknown };

export function ExplorerScreen() {
  const [params, setParams] = useSearchParams();
  const entity = params.get("entity") ?? "";
  const entityId = params.get("entity_id") ?? "";
  const [q, setQ] = useState(entity);
  useEffect(() => setQ(entity), [entity]);
  const [search, setSearch] = useState<Search>({ state: "idle" });
  const explorer = useExplorerGraph();
  const { expand } = explorer;

  // The URL decides what is shown: an id opens its neighbourhood; a name is resolved first.
  useEffect(() => {
    if (entityId) {
      setSearch({ state: "idle" });
      void expand(entity || entityId, entityId, true);
      return;
    }
    if (!entity) return;
    const ctrl = new AbortController();
    setSearch({ state: "loading" });
    unwrap(api.GET("/api/entities", { params: { query: { q: entity } }, signal: ctrl.signal })).then((data) => {
      setSearch({ state: "ok", data });
      const only = data.candidates[0];
      if (data.outcome === "resolved" && only) setParams({ entity: only.name, entity_id: only.id }, { replace: true });
    }, (error: unknown) => { if (!ctrl.signal.aborted) setSearch({ state: "error", error }); });
    return () => ctrl.abort();
  }, [entity, entityId, expand, setParams]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = q.trim();
    if (name) setParams({ entity: name });
  };

  const res = search.state === "ok" ? search.data : null;
  return (
    <div className="screen explorer-screen">
      <h1>Explorer</h1>
      <p className="lede">Relations one hop around an entity, under the active traversal policy. Select a node to expand it.</p>
      <form className="inline-form" onSubmit={submit} role="search" aria-label="Find an entity">
        <label htmlFor="explorer-q">Entity</label>
        <input id="explorer-q" className="input" value={q} onChange={(e) => setQ(e.target.value)}
          placeholder="e.g. rate-engine" autoComplete="off" />
        <button type="submit" className="btn btn-primary" disabled={!q.trim()}>Find</button>
      </form>
      {search.state === "loading" && <Loading what="matches" />}
      {search.state === "error" && <ErrorNotice error={search.error} />}
      {res && res.outcome !== "resolved" && !entityId && (
        <ResolutionNotice outcome={res.outcome} resolution={res} action="Explore"
          onPick={(c) => setParams({ entity: c.name, entity_id: c.id })} />
      )}
      {explorer.error !== null && <ErrorNotice error={explorer.error} />}
      {explorer.graph.nodes.size > 0 && <ExplorerCanvas key={entityId} explorer={explorer} />}
      {explorer.pending && <Loading what="the neighbourhood" />}
    </div>
  );
}
