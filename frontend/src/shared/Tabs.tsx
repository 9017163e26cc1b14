/** Accessible tabs: a tablist of real buttons; Left/Right/Home/End move between tabs (WAI-ARIA pattern). */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabDef {
  id: string;
  label: string;
  render: () => ReactNode;
}

export function Tabs({ tabs, label, initial }: { tabs: TabDef[]; label: string; initial?: string }) {
  const [active, setActive] = useState(initial ?? tabs[0]?.id ?? "");
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((t) => t.id === active));

  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    setActive(tab.id);
    refs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  const current = tabs[index];

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKey}>
        {tabs.map((t, i) => (
          <button key={t.id} type="button" role="tab" id={`${base}-tab-${t.id}`} aria-selected={i === index}
            aria-controls={`${base}-panel-${t.id}`} tabIndex={i === index ? 0 : -1} className="tab"
            ref={(el) => { refs.current[i] = el; }} onClick={() => setActive(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`}
          className="tabpanel" tabIndex={0}>
          {current.render()}
        </div>
      )}
    </div>
  );
}
