/** The agent's real steps, as they stream: each tool call with its arguments, each result with rows and time. */
import type { StreamEvent } from "../../api/types";
import { describeEvent } from "./steps";

export function StepLog({ events, running }: { events: StreamEvent[]; running: boolean }) {
  if (events.length === 0 && !running) return null;
  return (
    <section className="steps" aria-label="Steps">
      <h3 className="section-title">
        Steps {running && <span className="spinner" role="status">working…</span>}
      </h3>
      <ol className="step-list" data-testid="step-list">
        {events.map((e, i) => {
          const step = describeEvent(e);
          return (
            <li key={i} className={`step step-${step.kind}`}>
              <span className="step-title">{step.title}</span>
              {step.detail && <span className="step-detail"> · {step.detail}</span>}
              {step.block && <pre className="step-block">{step.block}</pre>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
