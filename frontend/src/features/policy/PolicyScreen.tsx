/** Policy: the traversal policy in force, read live; which predicates are walked and whether that is production. */
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { usePolicy } from "../../shared/PolicyContext";
import { useApi } from "../../shared/useApi";

export function PolicyScreen() {
  const { reload: reloadHeader } = usePolicy();
  const [policy, reload] = useApi((signal) => unwrap(api.GET("/api/policy", { signal })), []);
  const refresh = () => {
    reload();
    reloadHeader();
  };
  return (
    <div className="screen">
      <h1>Traversal policy</h1>
      <p className="lede">
        The predicates ZEHN may walk when it follows relations. Anything outside the production set puts the service
        in evaluation mode. <button type="button" className="btn" onClick={refresh}>Reload</button>
      </p>
      {policy.state === "loading" && <Loading what="the policy" />}
      {policy.state === "error" && <ErrorNotice error={policy.error} onRetry={reload} />}
      {policy.state === "ok" && (
        <section className="panel" data-testid="policy">
          <h2>
            {policy.data.name}{" "}
            {policy.data.evaluation_mode
              ? <span className="badge badge-eval">Evaluation mode</span>
              : <span className="badge badge-prod">Production</span>}
          </h2>
          {policy.data.description && <p>{policy.data.description}</p>}
          <dl className="meta-grid">
            <div className="meta-row"><dt>Hash</dt><dd><code className="wrap">{policy.data.hash}</code></dd></div>
            <div className="meta-row"><dt>Loaded from</dt><dd><code className="wrap">{policy.data.source}</code></dd></div>
          </dl>
          <h3 className="section-title">Walkable predicates ({policy.data.walkable.length})</h3>
          <ul className="tag-list">
            {policy.data.walkable.map((p) => (
              <li key={p} className={policy.data.non_default.includes(p) ? "tag tag-eval" : "tag"}>
                {p}{policy.data.non_default.includes(p) && " (evaluation only)"}
              </li>
            ))}
          </ul>
          {policy.data.non_default.length === 0 && (
            <p className="muted">Every walkable predicate is in the production set.</p>
          )}
        </section>
      )}
    </div>
  );
}
