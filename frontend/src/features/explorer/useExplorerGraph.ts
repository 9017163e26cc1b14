/** The explorer's growing graph: load one entity's neighbourhood at a time and merge it into what is shown. */
import { useCallback, useState } from "react";
import { api, unwrap } from "../../api/client";
import type { GraphEdge, GraphNode, NeighborhoodOut, QueryRecord } from "../../api/types";

export interface ExplorerState {
  nodes: Map<string, GraphNode>;
  edges: Map<string, GraphEdge>;
  expanded: Set<string>;
  notes: Map<string, NeighborhoodOut>; // expansions that did not find a neighbourhood, by node id
  queries: QueryRecord[];
}

export const edgeId = (e: GraphEdge) => `${e.source}|${e.rel_type}|${e.target}`;

const empty = (): ExplorerState => ({ nodes: new Map(), edges: new Map(), expanded: new Set(), notes: new Map(), queries: [] });

export function merge(state: ExplorerState, nodeId: string | null, out: NeighborhoodOut): ExplorerState {
  const next: ExplorerState = { nodes: new Map(state.nodes), edges: new Map(state.edges),
    expanded: new Set(state.expanded), notes: new Map(state.notes), queries: [...state.queries, ...(out.queries ?? [])] };
  for (const n of out.nodes ?? []) if (!next.nodes.has(n.id)) next.nodes.set(n.id, n);
  for (const e of out.edges ?? []) next.edges.set(edgeId(e), e);
  const id = out.center?.id ?? nodeId;
  if (id) {
    next.expanded.add(id);
    if (out.outcome !== "found") next.notes.set(id, out);
    else next.notes.delete(id);
  }
  return next;
}

export function useExplorerGraph() {
  const [graph, setGraph] = useState<ExplorerState>(empty);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const expand = useCallback(async (name: string, nodeId: string | null, reset = false) => {
    setPending(nodeId ?? name);
    setError(null);
    try {
      // A known node is loaded by its id: a name may be shared (e.g. "Atlas" the Team, Service and Customer).
      const query = nodeId ? { entity_id: nodeId } : { entity: name };
      const out = await unwrap(api.GET("/api/graph/neighborhood", { params: { query } }));
      setGraph((g) => merge(reset ? empty() : g, nodeId, out));
      return out;
    } catch (err) {
      setError(err);
      return null;
    } finally {
      setPending(null);
    }
  }, []);

  const clear = useCallback(() => setGraph(empty()), []);
  return { graph, expand, pending, error, clear };
}
