import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, unwrap } from "../api/client";
import { json, urlOf } from "../test/render";
import { TokenField } from "./TokenField";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function whoami(seen: (string | null)[]) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    seen.push(request.headers.get("Authorization"));
    const token = request.headers.get("Authorization");
    expect(urlOf(input).pathname).toBe("/api/whoami");
    return token === "Bearer zehn_good"
      ? json({ name: "ana", authenticated: true, groups: ["finance"], admin: false, scope: [] })
      : json({ name: "anonymous", authenticated: false, groups: [], admin: false, scope: ["everyone"] });
  });
}

describe("token field", () => {
  it("reads as anonymous until a token is saved, then sends it with every request", async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal("fetch", whoami(seen));
    const changed = vi.fn();
    render(<TokenField onChange={changed} />);
    expect(await screen.findByText("anonymous")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("API token"), { target: { value: " zehn_good " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(changed).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem("zehn.token")).toBe("zehn_good");
    await unwrap(api.GET("/api/whoami"));
    await unwrap(api.GET("/api/whoami", { headers: { Authorization: "Bearer zehn_other" } }));
    expect(seen).toEqual([null, "Bearer zehn_good", "Bearer zehn_other"]);  // a header set for one call wins
  });

  it("names the caller and its groups, and forgets the token", async () => {
    window.localStorage.setItem("zehn.token", "zehn_good");
    vi.stubGlobal("fetch", whoami([]));
    const changed = vi.fn();
    render(<TokenField onChange={changed} />);
    expect(await screen.findByText("ana (finance)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Forget" }));
    expect(window.localStorage.getItem("zehn.token")).toBeNull();
    expect(changed).toHaveBeenCalledOnce();
  });

  it("says when a saved token is not valid", async () => {
    window.localStorage.setItem("zehn.token", "zehn_old");
    vi.stubGlobal("fetch", whoami([]));
    render(<TokenField onChange={() => undefined} />);
    expect(await screen.findByText("token not valid: reading as anonymous")).toBeInTheDocument();
  });
});
