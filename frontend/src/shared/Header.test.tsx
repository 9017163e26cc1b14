import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, stubFetch } from "../test/render";
import { Header } from "./Header";
import { PolicyProvider } from "./PolicyContext";

afterEach(() => vi.unstubAllGlobals());

const policy = (evaluation_mode: boolean) => ({ name: evaluation_mode ? "eval-calls" : "default", hash: "h".repeat(64),
  walkable: ["DEPENDS_ON", ...(evaluation_mode ? ["CALLS"] : [])], evaluation_mode,
  non_default: evaluation_mode ? ["CALLS"] : [], description: "", source: "policy.toml" });

describe("header", () => {
  it("shows the Evaluation mode badge when the live policy is in evaluation mode", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/policy": () => json(policy(true)) }));
    renderAt(<PolicyProvider><Header /></PolicyProvider>);
    expect(await screen.findByTestId("evaluation-badge")).toHaveTextContent("Evaluation mode");
  });

  it("shows no badge under the production policy", async () => {
    const fetchMock = vi.fn(stubFetch({ "/api/policy": () => json(policy(false)) }));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<PolicyProvider><Header /></PolicyProvider>);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("evaluation-badge")).toBeNull();
    expect(screen.getByRole("link", { name: "Impact radar" })).toHaveAttribute("href", "/radar");
  });
});
