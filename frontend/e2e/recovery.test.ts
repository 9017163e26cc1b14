/**
 * End-to-end recovery (its own server: this one's supervisor restarts a killed graph server after 8 s, long enough to
 * see it down): the graph
 * server is killed, the site-wide banner says so in plain words, the supervisor restarts it, the banner goes and
 * the same page answers again, without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser, shots, type Browser } from "./browser";
import { killGraph, startServer, stopServer, type RunningServer } from "./server";

let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer({ restartBackoffS: 8 });
  browser = await openBrowser(server.url);
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

describe("recovery without a page reload (point 4)", () => {
  it("banner while the graph is down, then answers again once the supervisor has restarted it", async () => {
    if (!server || !browser) throw new Error("not started");
    const p = browser.page;
    await p.goto("/");
    // A mark on this page's window: a reload would drop it.
    await p.evaluate(() => { (window as unknown as { zehnMark: number }).zehnMark = 1; });
    await killGraph(server.dataDir);
    // Whatever the page asks while the graph is down meets the banner ("Try again" checks at once).
    const banner = p.getByTestId("health-banner");
    await p.getByLabel("Question", { exact: true }).fill("Who owns geo-index?");
    await p.getByRole("button", { name: "Ask", exact: true }).click();
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).not.toMatch(/Error \d+|127\.0\.0\.1|connecting to/);
    expect(await p.getByTestId("turn").first().textContent()).not.toMatch(/\bAnswered\b/);
    await shots(p, "recovery-banner");
    await banner.waitFor({ state: "detached", timeout: 120_000 });
    await p.getByLabel("Question", { exact: true }).fill("Who owns ledger-sync?");
    await p.getByRole("button", { name: "Ask", exact: true }).click();
    const answer = p.getByTestId("turn").first().getByTestId("answer");
    await answer.waitFor({ timeout: 120_000 });
    expect(await answer.getAttribute("data-status")).toBe("answered");
    expect(await p.evaluate(() => (window as unknown as { zehnMark?: number }).zehnMark)).toBe(1);
    await p.goto("/observatory");
    await p.getByTestId("graph-state").getByText("Reachable").waitFor({ timeout: 60_000 });
    expect(Number(await p.getByTestId("restarts").textContent())).toBeGreaterThanOrEqual(1);
    await shots(p, "recovery-observatory");
  });
});
