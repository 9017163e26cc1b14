/**
 * The write token, kept in memory for this page's life only (never in storage): asked for when a write needs it,
 * sent as `Authorization: Bearer <token>`, forgotten when the server refuses it.
 */
import { useState, useSyncExternalStore, type FormEvent } from "react";

let token: string | null = null;
const listeners = new Set<() => void>();

export function setWriteToken(next: string | null): void {
  token = next && next.trim() ? next.trim() : null;
  for (const l of listeners) l();
}

export function getWriteToken(): string | null {
  return token;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWriteToken(): string | null {
  return useSyncExternalStore(subscribe, getWriteToken, getWriteToken);
}

export const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

/** Asks for the token; `onToken` gets it once entered (and it is kept for the session). */
export function TokenForm({ why, onToken, onCancel }: { why: string; onToken: (t: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    setWriteToken(value);
    onToken(value.trim());
  };
  return (
    <form className="token-form inline-form" onSubmit={submit} aria-label="Enter the write token" data-testid="token-form">
      <p className="muted">{why} It is kept in this page's memory only, until you reload.</p>
      <label htmlFor="write-token">Write token</label>
      <input id="write-token" className="input" type="password" autoComplete="off" value={value}
        onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={!value.trim()}>Use this token</button>
      <button type="button" className="btn" onClick={onCancel}>Cancel</button>
    </form>
  );
}
