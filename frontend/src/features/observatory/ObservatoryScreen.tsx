/**
 * Observatory: the API's health and the graph's health as separate panels (a down graph is "unreachable", never
 * zero nodes), and the supervisor that restarts the embedded graph server. Internal labels (`__Entity__`,
 * `__GraphRAGConfig__`) are not shown: they are the ingest library's bookkeeping, not knowledge.
 */
import { useEffect } from "react";
import type { GraphHealth, HealthOut, SupervisorState } from "../../api/types";
import { Loading } from "../../shared/ErrorNotice";
import { fetchHealth, statusOf } from "../../shared/health";
import { plainError, technicalDetail } from "../../shared/plainErrors";
import { useApi, type Loadable } from "../../shared/useApi";

const REFRESH_MS = 10_000;

/** Labels the graph library keeps for itself (double underscores) are not knowledge a person looks for. */
export const isInternalLabel = (label: string) => label.startsWith("__");

function Counts({ title, counts }: { title: string; counts: Record<string, number> | null | undefined }) {
  const entries = Object.entries(counts ?? {}).filter(([k]) => !isInternalLabel(k)).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return null;
  return (
    <div>
      <h3 className="section-title">{title}</h3>
      <table className="count-table">
        <tbody>
          {entries.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v.toLocaleString()}</td></tr>)}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <details className="tech-detail">
      <summary>Technical detail</summary>
      <p className="notice-detail">{text}</p>
    </details>
  );
}

export function GraphPanel({ graph, warming = false }: { graph: GraphHealth; warming?: boolean }) {
  if (!graph.reachable) {
    return (
      <div className="health-state health-down" data-testid="graph-state">
        <p className="health-big">Unreachable</p>
        <p>The graph <strong>{graph.name}</strong> cannot be reached. Its contents are unknown while it is down; no
          counts are shown. ZEHN restarts an embedded graph server by itself.</p>
        <Detail text={graph.error} />
      </div>
    );
  }
  if (warming) {
    return (
      <div className="health-state health-warn" data-testid="graph-state">
        <p className="health-big">Starting up</p>
        <p>The graph <strong>{graph.name}</strong> answers but is still loading or building indexes.</p>
      </div>
    );
  }
  if (graph.exists === false) {
    return (
      <div className="health-state health-warn" data-testid="graph-state">
        <p className="health-big">Reachable, nothing ingested</p>
        <p>The graph <strong>{graph.name}</strong> holds no documents yet. Add some on the Ingest screen.</p>
      </div>
    );
  }
  const share = graph.evidence_share;
  return (
    <div className="health-state health-ok" data-testid="graph-state">
      <p className="health-big">Reachable</p>
      <p>
        Graph <strong>{graph.name}</strong> · {graph.relates?.toLocaleString() ?? "?"} relations
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

export function SupervisorPanel({ supervisor }: { supervisor: SupervisorState | null | undefined }) {
  if (!supervisor) {
    return <p className="muted" data-testid="supervisor">This server does not report a graph supervisor.</p>;
  }
  const restarts = supervisor.restarts ?? 0;
  return (
    <div data-testid="supervisor">
      <dl className="meta-grid">
        <div className="meta-row"><dt>Graph server</dt><dd>{supervisor.mode === "external" ? "external" : "embedded"}</dd></div>
        <div className="meta-row"><dt>State</dt><dd data-testid="supervisor-state">{supervisor.state.replace(/_/g, " ")}
          {supervisor.detail ? ` (${supervisor.detail})` : ""}</dd></div>
        <div className="meta-row"><dt>Restarts</dt><dd data-testid="restarts">{restarts}</dd></div>
        {supervisor.last_restart_at && (
          <div className="meta-row"><dt>Last restart</dt><dd>{new Date(supervisor.last_restart_at).toLocaleString()}</dd></div>
        )}
      </dl>
      <Detail text={supervisor.last_error} />
    </div>
  );
}

export function HealthPanels({ health }: { health: Loadable<HealthOut> }) {
  const apiDown = health.state === "error";
  const plain = apiDown ? plainError(health.error) : null;
  return (
    <div className="panels">
      <section className="panel" aria-labelledby="api-health">
        <h2 id="api-health">API</h2>
        {health.state === "loading" && <Loading what="API health" />}
        {apiDown && (
          <div className="health-state health-down" data-testid="api-state">
            <p className="health-big">Unreachable</p>
            <p>{plain?.text}</p>
            <Detail text={technicalDetail(health.error)} />
          </div>
        )}
        {health.state === "ok" && (
          <div className="health-state health-ok" data-testid="api-state">
            <p className="health-big">OK</p>
            <p>Version {health.data.api.version} · answers: {health.data.answer_mode}</p>
            <p>Policy <strong>{health.data.policy.name}</strong>
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
        {health.state === "ok" && (
          <>
            <GraphPanel graph={health.data.graph} warming={statusOf(health.data) === "warming_up"} />
            <h3 className="section-title">Supervisor</h3>
            <SupervisorPanel supervisor={health.data.supervisor} />
          </>
        )}
      </section>
    </div>
  );
}

export function ObservatoryScreen() {
  const [health, reload] = useApi((signal) => fetchHealth(signal), []);
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
