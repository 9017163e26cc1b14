/** Explorer: find an entity, see its neighbourhood under the active policy, and grow it node by node. */
import { useState, type FormEvent } from "react";
import { apiGet } from "../api/client";
import type { ResolutionOut } from "../api/types";
import { ErrorNotice, Loading } from "../components/ErrorNotice";
import { ResolutionNotice } from "../radar/ResolutionNotice";
import { ExplorerCanvas } from "./ExplorerCanvas";
import { useExplorerGraph } from "./useExplorerGraph";

export function ExplorerScreen() {
  const [q, setQ] = useState("");
  const [search, setSearch] = useState<{ state: "idle" | "loading" } | { state: "ok"; data: ResolutionOut } | { state: "error"; error: unknown }>({ state: "idle" });
  const explorer = useExplorerGraph();

  const open = (name: string, id: string) => void explorer.expand(name, id, true);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = q.trim();
    if (!name) return;
    setSearch({ state: "loading" });
    try {
      const data = await apiGet("/api/entities", { query: { q: name } });
      setSearch({ state: "ok", data });
      const only = data.candidates[0];
      if (data.outcome === "resolved" && only) open(only.name, only.id);
    } catch (error) {
      setSearch({ state: "error", error });
    }
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
      {res && res.outcome !== "resolved" && (
        <ResolutionNotice outcome={res.outcome} resolution={res} onPick={(c) => open(c.name, c.id)} />
      )}
      {explorer.error !== null && <ErrorNotice error={explorer.error} />}
      {explorer.graph.nodes.size > 0 && <ExplorerCanvas explorer={explorer} />}
      {explorer.pending && <Loading what="the neighbourhood" />}
    </div>
  );
}
