/**
 * End-to-end: the built UI served by the real `zehn serve` over the bundled corpus, in Chromium.
 * Screenshots of each screen go to test-artifacts/ (gitignored).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser, shot, type Browser } from "./browser";
import { killGraph, startServer, stopServer, type RunningServer } from "./server";

let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

const page = () => {
  if (!browser) throw new Error("no browser");
  return browser.page;
};

async function ask(question: string) {
  const p = page();
  await p.goto("/");
  await p.getByLabel("Question", { exact: true }).fill(question);
  await p.getByRole("button", { name: /^Ask/ }).click();
  const answer = p.getByTestId("answer").first();
  await answer.waitFor({ timeout: 120_000 });
  return answer;
}

describe("ZEHN in a browser", () => {
  it("answers an ownership question with citations that open the highlighted sentence", async () => {
    const p = page();
    const answer = await ask("Who owns geo-index?");
    expect(await answer.getAttribute("data-status")).toBe("answered");
    await p.locator(".steps-box > summary").first().click();
    const steps = (await p.getByTestId("step-list").first().textContent()) ?? "";
    expect(steps).toContain("Call resolve_entity");
    expect(steps).toMatch(/\d+ rows? in \d+\.\d ms/);
    await shot(p, "ask-answered");
    const chip = p.getByTestId("citation-chip").first();
    const quote = (await p.locator(".citation-item blockquote").first().textContent()) ?? "";
    expect(quote.length).toBeGreaterThan(10);
    await chip.click();
    await p.waitForURL(/\/documents\/.+\?start=\d+&end=\d+/);
    const mark = p.getByTestId("cited-range");
    await mark.waitFor();
    expect((await mark.textContent())?.replace(/\s+/g, " ")).toBe(quote.replace(/\s+/g, " "));
    expect(await mark.isVisible()).toBe(true);
    await shot(p, "document-highlight", false);
  });

  it("abstains on a question the corpus does not answer", async () => {
    const answer = await ask("What is the street address of the Larkspur Labs office?");
    expect(await answer.getAttribute("data-status")).toBe("abstained");
    expect(await page().getByTestId("answer-status").first().textContent()).toBe("I don't know");
    expect(await page().getByTestId("citation-chip").count()).toBe(0);
    await shot(page(), "ask-abstained");
  });

  it("works on a narrow window", async () => {
    const p = page();
    await p.setViewportSize({ width: 400, height: 800 });
    try {
      const answer = await ask("Who owns ledger-sync?");
      expect(await answer.getAttribute("data-status")).toBeTruthy();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(p, "ask-narrow");
    } finally {
      await p.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("draws the impact radar for geo-index and opens an edge's evidence", async () => {
    const p = page();
    await p.goto("/radar?entity=geo-index&depth=3");
    const summary = p.getByTestId("grade-summary");
    await summary.waitFor();
    // Graded by the API: the counts per grade come first, e.g. "6 paths, 6 source-backed".
    expect(await summary.textContent()).toMatch(/^\d+ paths?, \d+ (source-backed|inferred|insufficient)/);
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    await shot(p, "radar");
    await p.locator('[data-testid="edge-button"][data-grade="source_backed"]').first().click();
    const inspector = p.getByTestId("inspector");
    await inspector.getByTestId("evidence-sentence").first().waitFor();
    expect(await inspector.locator("blockquote mark").count()).toBeGreaterThan(0);
    await shot(p, "radar-inspector");
    await inspector.getByRole("tab", { name: "Limitations" }).click();
    expect(await inspector.getByRole("tabpanel").textContent()).toMatch(/rule-based/);
    await inspector.getByRole("tab", { name: /Queries/ }).click();
    expect(await inspector.getByRole("tabpanel").textContent()).toMatch(/MATCH/);
    await inspector.getByRole("tab", { name: "Evidence" }).click();
    await inspector.getByTestId("evidence-doc-link").first().click();
    await p.getByTestId("cited-range").waitFor();
  });

  it("draws a planned relation as an inferred edge and opens its evidence (dispatch-queue)", async () => {
    const p = page();
    await p.goto("/radar?entity=dispatch-queue&depth=3");
    const summary = p.getByTestId("grade-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/\d+ inferred/);
    const inferred = p.locator('[data-testid="edge-button"][data-grade="inferred"]');
    expect(await inferred.count()).toBeGreaterThan(0);
    await inferred.first().click();
    const inspector = p.getByTestId("inspector");
    await inspector.getByTestId("evidence-sentence").first().waitFor();
    // The sentence is a plan ("will use"), quoted verbatim: the edge is a hypothesis, not a fact.
    expect(await inspector.getByTestId("evidence-sentence").first().textContent()).toMatch(/will use/);
    await shot(p, "radar-inferred-edge");
  });

  it("greys a relation read from a hedged or negated sentence (ledger-sync)", async () => {
    const p = page();
    await p.goto("/radar?entity=ledger-sync&depth=3");
    await p.getByTestId("grade-summary").waitFor();
    const weak = p.locator('[data-testid="edge-button"]:not([data-grade="source_backed"])');
    expect(await weak.count()).toBeGreaterThan(0);
    await weak.first().click();
    await p.getByTestId("inspector").getByTestId("evidence-sentence").first().waitFor();
    await shot(p, "radar-weak-edge");
  });

  it("explores a neighbourhood and expands a node", async () => {
    const p = page();
    await p.goto("/explorer");
    await p.getByLabel("Entity", { exact: true }).fill("rate-engine");
    await p.getByRole("button", { name: "Find" }).click();
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    const before = await p.locator(".explorer-main .node-buttons li").count();
    expect(before).toBeGreaterThan(1);
    const other = p.locator(".explorer-main .node-buttons button").nth(1);
    await other.click();
    await p.getByTestId("explorer-detail").waitFor();
    await p.waitForFunction(() => !document.body.textContent?.includes("Loading the neighbourhood"));
    await shot(p, "explorer");
  });

  it("lists history and reopens a stored answer", async () => {
    const p = page();
    await p.goto("/history");
    const link = p.getByRole("link", { name: "Who owns geo-index?" }).first();
    await link.click();
    const answer = p.getByTestId("answer");
    await answer.waitFor();
    expect(await answer.getAttribute("data-status")).toBe("answered");
    await p.goto("/history");
    await p.getByRole("table").waitFor();
    await shot(p, "history");
  });

  it("shows the live policy and a healthy observatory", async () => {
    const p = page();
    await p.goto("/policy");
    await p.getByTestId("policy").waitFor();
    expect(await p.getByTestId("policy").textContent()).toContain("DEPENDS_ON");
    await shot(p, "policy");
    await p.goto("/observatory");
    await p.getByTestId("graph-state").getByText("Reachable").waitFor();
    await shot(p, "observatory");
  });

  it("reviews a pasted change: how each name matched, one radar, a cited Markdown comment", async () => {
    const p = page();
    await p.goto("/change-reviews");
    await p.getByLabel("Change text").fill("This change retunes the tile cache of geo-index.");
    await p.getByRole("button", { name: "Review" }).click();
    await p.getByTestId("review-result").waitFor({ timeout: 120_000 });
    const rows = p.locator('[data-testid="review-matches"] tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-kind")))).toContain("exact");
    expect(await p.getByTestId("affected").count()).toBeGreaterThan(0);
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    await shot(p, "change-review");
    await p.getByRole("button", { name: "Show as Markdown" }).click();
    const markdown = await p.getByTestId("review-markdown").inputValue();
    expect(markdown).toMatch(/^### ZEHN change review/);
    expect(markdown).toMatch(/`ev_[0-9a-f]{16}` “/);
  });

  it("reports the graph unavailable when its server is killed", async () => {
    const p = page();
    if (!server) throw new Error("no server");
    await killGraph(server.dataDir);
    await p.goto("/observatory");
    const graphState = p.getByTestId("graph-state");
    await graphState.getByText("Unreachable").waitFor({ timeout: 60_000 });
    expect(await graphState.textContent()).not.toMatch(/\b0 nodes\b/);
    expect(await p.getByTestId("api-state").textContent()).toContain("OK");
    await shot(p, "observatory-graph-down");
    await p.goto("/");
    await p.getByLabel("Question", { exact: true }).fill("Who owns geo-index?");
    await p.getByRole("button", { name: /^Ask/ }).click();
    await p.getByTestId("graph-unavailable").first().waitFor({ timeout: 120_000 });
    await shot(p, "ask-graph-unavailable");
  });
});
