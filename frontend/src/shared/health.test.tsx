import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeHealth, reachableGraph } from "../test/fixtures";
import { json } from "../test/render";
import { HealthBanner, HealthProvider, statusOf } from "./health";

afterEach(() => vi.unstubAllGlobals());

const down = makeHealth({ ...reachableGraph, reachable: false, error: "Error 111 connecting to 127.0.0.1:59287",
  kind: "unavailable", labels: null, rel_types: null, relates: null, exists: null });

describe("site-wide health banner", () => {
  it("appears in plain words while the graph is down, and goes when 'Try again' finds it back", async () => {
    const answers = [json({ ...down, status: "unavailable" }, 503), json({ ...makeHealth(reachableGraph), status: "ready" })];
    const fetchMock = vi.fn(async () => answers.shift() ?? json(makeHealth(reachableGraph)));
    vi.stubGlobal("fetch", fetchMock);
    render(<HealthProvider><HealthBanner /></HealthProvider>);
    const banner = await screen.findByTestId("health-banner");
    expect(banner).toHaveTextContent("The knowledge graph is unavailable.");
    expect(banner.textContent).not.toMatch(/Error 111|127\.0\.0\.1/);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByTestId("health-banner")).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says the graph is starting up while it warms", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ ...makeHealth(reachableGraph), status: "warming_up" }, 503)));
    render(<HealthProvider><HealthBanner /></HealthProvider>);
    expect(await screen.findByTestId("health-banner")).toHaveTextContent("starting up");
  });

  it("says the server itself does not answer when nothing answers", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("Failed to fetch"); }));
    render(<HealthProvider><HealthBanner /></HealthProvider>);
    expect(await screen.findByTestId("health-banner")).toHaveTextContent("ZEHN's server does not answer.");
  });

  it("derives the status from graph.reachable when the server does not send one", () => {
    expect(statusOf(makeHealth(reachableGraph))).toBe("ready");
    expect(statusOf(down)).toBe("unavailable");
  });
});

describe("screens recover by themselves", () => {
  it("a screen that met 'unavailable' loads again once the health check sees the graph back", async () => {
    const { ErrorNotice } = await import("./ErrorNotice");
    const { ApiError } = await import("../api/client");
    let up = false;
    vi.stubGlobal("fetch", vi.fn(async () => (up ? json({ ...makeHealth(reachableGraph), status: "ready" })
      : json({ ...down, status: "unavailable" }, 503))));
    const onRetry = vi.fn();
    render(<HealthProvider><HealthBanner />
      <ErrorNotice error={new ApiError(503, { status: "unavailable", kind: "unavailable", message: "down" })} onRetry={onRetry} />
    </HealthProvider>);
    await screen.findByTestId("health-banner");
    expect(onRetry).not.toHaveBeenCalled();
    up = true;
    await userEvent.click(screen.getAllByRole("button", { name: "Try again" })[0]!);
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });
});
