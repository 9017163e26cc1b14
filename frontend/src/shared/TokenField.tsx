/**
 * The API token field in the header: who the UI reads as (GET /api/whoami), and a place to paste a token. The token
 * is kept in this browser (localStorage) and sent with every request; saving or forgetting it reloads the page so
 * every screen reads as the new caller.
 */
import { useEffect, useState, type FormEvent } from "react";
import { getToken, setToken } from "../api/auth";
import { api, unwrap } from "../api/client";

type Who = { name: string; authenticated: boolean; groups: string[]; admin: boolean };

function label(who: Who | null, saved: boolean): string {
  if (!who) return saved ? "token saved" : "no token";
  if (!who.authenticated) return saved ? "token not valid: reading as anonymous" : "anonymous";
  const extra = [...who.groups, ...(who.admin ? ["admin"] : [])].join(", ");
  return extra ? `${who.name} (${extra})` : who.name;
}

export function TokenField({ onChange = () => window.location.reload() }: { onChange?: () => void }) {
  const saved = getToken() !== null;
  const [who, setWho] = useState<Who | null>(null);
  const [draft, setDraft] = useState("");

  useEffect(() => {
    let live = true;
    unwrap(api.GET("/api/whoami")).then((w) => live && setWho(w), () => live && setWho(null));
    return () => { live = false; };
  }, []);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    setToken(draft);
    onChange();
  }

  function forget() {
    setToken(null);
    onChange();
  }

  return (
    <details className="token-field">
      <summary data-testid="token-who">{label(who, saved)}</summary>
      <form onSubmit={save}>
        <label htmlFor="api-token">API token</label>
        <input id="api-token" type="password" autoComplete="off" value={draft} placeholder="zehn_…"
          onChange={(e) => setDraft(e.target.value)} />
        <button type="submit">Save</button>
        {saved && <button type="button" onClick={forget}>Forget</button>}
      </form>
    </details>
  );
}
