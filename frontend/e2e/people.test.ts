/**
 * End-to-end: the People screen on the real `zehn serve` over the bundled corpus (its own server, with a write
 * token configured), in Chromium: search a person, read the card, switch to depth 3, open a row's evidence down to
 * the highlighted sentence, approve a hand-off and see the item as handed off. Screenshots at 1280 and 390 px.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_TOKENS } from "../src/features/ask/answerText";
import { openBrowser, shot, shots, type Browser } from "./browser";
import { serverLogTail, startServer, stopServer, ZEHN, type RunningServer } from "./server";

const CONFIGURED = "people-e2e-write-token";
const APPROVER = "E2E Approver";

let server: RunningServer | undefined;
let browser: Browser | undefined;
let token = CONFIGURED;

/** A write token: one from the data dir's token store where this build has one (`zehn token create`), else the
 * single token the server was configured with (ZEHN_WRITE_TOKEN_SHA256). Either way it is recorded as APPROVER. */
function writeToken(dataDir: string): string {
  try {
    const out = execFileSync(ZEHN, ["token", "create", APPROVER, "--data-dir", dataDir, "--json"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return (JSON.parse(out) as { token: string }).token;
  } catch {
    return CONFIGURED;
  }
}

beforeAll(async () => {
  server = await startServer({ env: { ZEHN_WRITE_TOKEN_SHA256: createHash("sha256").update(CONFIGURED).digest("hex"),
    ZEHN_WRITE_TOKEN_HOLDER: APPROVER } });
  token = writeToken(server.dataDir);
  browser = await openBrowser(server.url);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  if (browser) await shot(browser.page, `failed-people-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
  if (server) console.error(`server log (last lines):\n${serverLogTail(server)}`);
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

const page = () => {
  if (!browser) throw new Error("no browser");
  return browser.page;
};

describe("People in a browser", () => {
  it("finds a person, walks what they leave at depth 3 to a cited sentence, and hands work off", async () => {
    const p = page();
    await p.goto("/people");
    await p.getByLabel("Person", { exact: true }).fill("Felix Huang");
    await p.getByRole("button", { name: "Find", exact: true }).click();
    await p.waitForURL(/\/people\/person%3Afelix-huang\?depth=2$/);
    await expect.poll(() => p.getByTestId("centrality").textContent()).toMatch(/PageRank.* of \d+ people/);

    // The depth lives in the URL: the radio shows it once the route has changed, so click and wait for the URL.
    await p.getByRole("radio", { name: /Depth 3/ }).click();
    await p.waitForURL(/depth=3$/);
    await expect.poll(() => p.getByRole("radio", { name: /Depth 3/ }).isChecked()).toBe(true);
    await p.locator('[data-testid="departure"][data-depth="3"]').waitFor();
    const successor = p.locator('[data-testid="row-button"][data-section="successors"]').first();
    await successor.click();
    const sentence = p.getByTestId("inspector").getByTestId("evidence-sentence").first();
    await sentence.waitFor();
    for (const pattern of INTERNAL_TOKENS.slice(0, 3)) expect(await p.locator("main").innerText()).not.toMatch(pattern);
    await shots(p, "people-departure");
    await p.getByTestId("inspector").getByTestId("evidence-doc-link").first().click();
    await p.waitForURL(/\/documents\/.+\?start=\d+&end=\d+/);
    await p.locator("mark.cited").first().waitFor();
    await p.goBack();

    await p.getByRole("button", { name: /Propose owners/ }).click();
    await p.getByTestId("proposal").first().waitFor();
    await p.getByRole("button", { name: /^Approve 1 hand-off$/ }).click();
    await p.getByLabel("Write token", { exact: true }).fill(token);
    await p.getByRole("button", { name: "Use this token" }).click();
    await expect.poll(() => p.getByTestId("approved").textContent()).toContain(`Approved by ${APPROVER}`);
    const handedOff = p.locator('[data-testid="row-button"][data-state="handed_off"]');
    await handedOff.waitFor();
    expect(await handedOff.innerText()).toMatch(new RegExp(`handed off to .+, approved by ${APPROVER} on \\d{4}-\\d{2}-\\d{2}`));
    await handedOff.click();
    await p.getByTestId("inspector").getByRole("button", { name: "Open the approval record" }).click();
    await p.getByTestId("approval-record").waitFor();
    await shots(p, "people-handed-off");
  });
});
