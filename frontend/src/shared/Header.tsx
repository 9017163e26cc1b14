/** Site header: the name, the screens, and the "Evaluation mode" badge whenever the policy is in evaluation mode. */
import { NavLink } from "react-router";
import { usePolicy } from "./PolicyContext";
import { TokenField } from "./TokenField";

const LINKS: [string, string][] = [
  ["/", "Ask"],
  ["/radar", "Impact radar"],
  ["/change-reviews", "Change review"],
  ["/explorer", "Explorer"],
  ["/people", "People"],
  ["/documents", "Documents"],
  ["/ingest", "Ingest"],
  ["/history", "History"],
  ["/observatory", "Observatory"],
  ["/policy", "Policy"],
];

export function EvaluationBadge() {
  const { policy } = usePolicy();
  if (policy.state !== "ok" || !policy.data.evaluation_mode) return null;
  const extra = policy.data.non_default.join(", ");
  return (
    <NavLink to="/policy" className="badge badge-eval" data-testid="evaluation-badge"
      title={`Policy "${policy.data.name}" also walks ${extra}: answers may use relations production does not.`}>
      Evaluation mode
    </NavLink>
  );
}

export function Header() {
  return (
    <header className="site-header">
      <div className="brand">
        <NavLink to="/" className="brand-link">ZEHN</NavLink>
        <span className="brand-tag">cited answers, or "I don't know"</span>
        <EvaluationBadge />
      </div>
      <nav aria-label="Screens">
        <ul className="nav-list">
          {LINKS.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end={to === "/"} className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <TokenField />
    </header>
  );
}
