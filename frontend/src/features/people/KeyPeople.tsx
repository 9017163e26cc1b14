/** Key people by PageRank and betweenness over the collaboration projection, with what each rank rests on. */
import { Link } from "react-router";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { peopleHref } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { score } from "./peopleWords";

const LIMIT = 10;

export function KeyPeople() {
  const [out, reload] = useApi((signal) => unwrap(api.GET("/api/people/key",
    { params: { query: { limit: LIMIT } }, signal })), []);
  return (
    <section className="key-people panel" aria-label="Key people" data-testid="key-people">
      <h2>Key people</h2>
      <p className="muted">Ranked by PageRank over who worked with whom (people named together on a document's
        metadata); betweenness shows who links people that share no document.</p>
      {out.state === "loading" && <Loading what="key people" />}
      {out.state === "error" && <ErrorNotice error={out.error} onRetry={reload} />}
      {out.state === "ok" && out.data.projection.status === "missing" && (
        <p className="notice notice-warn">The collaboration projection has not been built yet, so nobody is ranked.</p>
      )}
      {out.state === "ok" && out.data.projection.status !== "missing" && out.data.people.length === 0 && (
        <p className="muted">No two people are named together on any document, so nobody is ranked.</p>
      )}
      {out.state === "ok" && out.data.people.length > 0 && (
        <table className="count-table key-table">
          <thead><tr><th scope="col">Person</th><th scope="col">PageRank</th><th scope="col">Betweenness</th>
            <th scope="col">Rests on</th></tr></thead>
          <tbody>
            {out.data.people.map((p) => (
              <tr key={p.id}>
                <td><Link to={peopleHref(p.id)}>{p.name}</Link></td>
                <td>{score(p.centrality.pagerank)} <span className="muted">#{p.centrality.pagerank_rank ?? "—"}</span></td>
                <td>{score(p.centrality.betweenness)} <span className="muted">#{p.centrality.betweenness_rank ?? "—"}</span></td>
                <td>{p.centrality.documents} documents, {p.centrality.collaborators} collaborators
                  {p.top_collaborations.length > 0 && <span className="muted"> · most with {p.top_collaborations
                    .slice(0, 2).map((c) => `${c.name} (${c.weight})`).join(", ")}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
