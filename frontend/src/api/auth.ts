/**
 * The API token the UI sends: kept in localStorage, added as `Authorization: Bearer <token>` to every request the
 * typed client makes (client.ts). Without one the UI reads what everyone may read, which is all a loopback ZEHN
 * needs; beyond loopback, and for every write (uploads, hand-offs), the API asks for one (401).
 */
const KEY = "zehn.token";

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(KEY) || null;
  } catch {
    return null; // storage disabled: no token, as if none was saved
  }
}

export function setToken(token: string | null): void {
  const clean = token?.trim();
  if (clean) window.localStorage.setItem(KEY, clean);
  else window.localStorage.removeItem(KEY);
}

/** The request with the saved token as its bearer header (unchanged when none is saved, or when the caller set one
 * for this request itself, e.g. a token typed in for one write). */
export function withToken(request: Request): Request {
  const token = getToken();
  if (token && !request.headers.has("Authorization")) request.headers.set("Authorization", `Bearer ${token}`);
  return request;
}
