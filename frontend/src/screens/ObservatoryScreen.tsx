/** Observatory: the API's health and the graph's health as two separate panels (a down graph is "unreachable"). */
import { useEffect } from "react";
import { ApiError, apiHealth } from "../api/client";
import type { GraphHealth, HealthOut } from "../api/types";
import { Loading } from "../components/ErrorNotice";
import { useApi, type Loadable } from "../components/useApi";

const REFRESH_MS = 10_000;

function Counts({ title, counts }: { title: string; counts: Record<string, number> | null | undefined }) {
  const entries = Object.entries(counts ?? {}).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return null;
  return (
    <div>
      <h3 className="section-title">{title}</h3>
      <table className="count-table">
        <tbody>
          {entries.map(([k, v]) => (
            <tr key={k}><th scope="row">{k}</th><td>{v.toLocaleString()}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function GraphPanel({ graph }: { graph: GraphHealth }) {
  if (!graph.reachable) {
    return (
      <div className="health-state health-down" data-testid="graph-state">
        <p className="health-big">Unreachable</p>
        <p>Graph <code>{graph.name}</code> cannot be reached{graph.kind ? ` (${graph.kind})` : ""}.</p>
        {graph.error && <p className="notice-detail">{graph.error}</p>}
        <p className="muted">Its contents are unknown while it is down; no counts are shown.</p>
      </div>
    );
  }
  if (graph.exists === false) {
    return (
      <div className="health-state health-warn" data-testid="graph-state">
        <p className="health-big">Reachable, nothing ingested</p>
        <p>Graph <code>{graph.name}</code> does not exist yet. Run an ingest.</p>
      </div>
    );
  }
  const share = graph.evidence_share;
  return (
    <div className="health-state health-ok" data-testid="graph-state">
      <p className="health-big">Reachable</p>
      <p>
        Graph <code>{graph.name}</code> · {graph.relates?.toLocaleString() ?? "?"} relations
        {share !== null && share !== undefined && <>, {(share * 100).toFixed(1)}% with evidence</>}
        {graph.last_ingest && <> · last ingest {new Date(graph.last_ingest).toLocaleString()}</>}
      </p>
      <div className="count-grid">
        <Counts title="Nodes by label" counts={graph.labels} />
        <Counts title="Relations by predicate" counts={graph.rel_types} />
      </div>
    </div>
  );
}

export function HealthPanels({ health }: { health: Loadable<HealthOut> }) {
  const apiDown = health.state === "error";
  const message = apiDown && health.error instanceof ApiError ? health.error.message : "no answer";
  return (
    <div className="panels">
      <section className="panel" aria-labelledby="api-health">
        <h2 id="api-health">API</h2>
        {health.state === "loading" && <Loading what="API health" />}
        {apiDown && (
          <div className="health-state health-down" data-testid="api-state">
            <p className="health-big">Unreachable</p>
            <p className="notice-detail">{message}</p>
          </div>
        )}
        {health.state === "ok" && (
          <div className="health-state health-ok" data-testid="api-state">
            <p className="health-big">OK</p>
            <p>Version {health.data.api.version} · answers: {health.data.answer_mode}</p>
            <p>Policy <strong>{health.data.policy.name}</strong>{" "}
              <code title={health.data.policy.hash}>{health.data.policy.hash.slice(0, 10)}</code>
              {health.data.policy.evaluation_mode && <span className="badge badge-eval">Evaluation mode</span>}
            </p>
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="graph-health">
        <h2 id="graph-health">Graph</h2>
        {health.state === "loading" && <Loading what="graph health" />}
        {apiDown && (
          <div className="health-state health-unknown" data-testid="graph-state">
            <p className="health-big">Unknown</p>
            <p>The API does not answer, so the graph's state cannot be read.</p>
          </div>
        )}
        {health.state === "ok" && <GraphPanel graph={health.data.graph} />}
      </section>
    </div>
  );
}

export function ObservatoryScreen() {
  const [health, reload] = useApi((signal) => apiHealth(signal), []);
  useEffect(() => {
    const t = window.setInterval(reload, REFRESH_MS);
    return () => window.clearInterval(t);
  }, [reload]);
  return (
    <div className="screen">
      <h1>Observatory</h1>
      <p className="lede">Refreshes every {REFRESH_MS / 1000} s. <button type="button" className="btn" onClick={reload}>Refresh now</button></p>
      <HealthPanels health={health} />
    </div>
  );
}
