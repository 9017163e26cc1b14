/** Render inside a router and the conversation (and, when a screen needs it, at a given URL). */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { ConversationProvider } from "../features/ask/conversation";

/** Shows where the router is, for tests that follow links. */
export function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

export function renderAt(ui: ReactElement, { path = "/", url = "/" }: { path?: string; url?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ConversationProvider>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </ConversationProvider>
    </MemoryRouter>,
  );
}

export function urlOf(input: RequestInfo | URL): URL {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, "http://localhost");
}

/** A fetch stub answering by path prefix (the typed client sends absolute URLs); unknown URLs fail loudly. */
export function stubFetch(routes: Record<string, () => Response | Promise<Response>>) {
  return async (input: RequestInfo | URL) => {
    const url = urlOf(input);
    const path = url.pathname + url.search;
    const key = Object.keys(routes).sort((a, b) => b.length - a.length).find((k) => path.startsWith(k));
    if (!key) throw new Error(`unexpected fetch ${path}`);
    return routes[key]!();
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
