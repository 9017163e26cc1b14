/**
 * The real ZEHN server for end-to-end tests: `zehn serve --ingest-sample` on a free port and a fresh data dir,
 * waited for by polling /api/health (bounded), stopped (graph server included) when the tests end. A writer's API
 * token is created for the data dir first (`zehn token create`): uploads need one, also on loopback.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
export const ARTIFACTS = process.env.ZEHN_ARTIFACTS ?? join(REPO, "test-artifacts");
export const ZEHN = process.env.ZEHN_BIN ?? join(REPO, ".venv", "bin", "zehn");
const START_TIMEOUT_MS = Number(process.env.ZEHN_E2E_START_TIMEOUT_MS ?? 300_000);

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  logPath: string;
  token: string; // a writer's API token for this server's data dir
}

function createToken(dataDir: string): string {
  const made = spawnSync(ZEHN, ["token", "create", "e2e-writer", "--data-dir", dataDir, "--json"],
    { cwd: REPO, encoding: "utf8" });
  if (made.status !== 0) throw new Error(`zehn token create failed: ${made.stderr}`);
  return (JSON.parse(made.stdout) as { token: string }).token;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === "object" ? ok(addr.port) : fail(new Error("no port"))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `restartBackoffS`: how long the supervisor waits before restarting a killed graph server. The default (600 s)
 * keeps a killed graph down for a "graph down" test; the recovery test passes a short one. `env`: more settings
 * for the server (e.g. a write token for a test that approves something).
 */
export async function startServer({ restartBackoffS = 600, env = {} }: { restartBackoffS?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  if (!existsSync(join(REPO, "frontend", "dist", "index.html"))) {
    throw new Error("frontend/dist is not built: run `npm run build` first");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "zehn-e2e-"));
  const token = createToken(dataDir);
  const logPath = join(dataDir, "serve.log");
  const log = createWriteStream(logPath);
  const child = spawn(ZEHN, ["serve", "--ingest-sample", "--data-dir", dataDir, "--port", String(port)],
    { cwd: REPO, stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ZEHN_HOST: "127.0.0.1", ZEHN_RESTART_BACKOFF_S: String(restartBackoffS), ...env } });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`zehn serve exited with ${child.exitCode}:\n${readFileSync(logPath, "utf8").slice(-3000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        const body = (await res.json()) as { graph?: { reachable?: boolean; exists?: boolean } };
        if (body.graph?.reachable && body.graph.exists) return { url, dataDir, process: child, logPath, token };
      }
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  child.kill("SIGKILL");
  throw new Error(`zehn serve did not become healthy in ${START_TIMEOUT_MS} ms:\n${readFileSync(logPath, "utf8").slice(-3000)}`);
}

/** The embedded graph server's pid, from <data-dir>/falkordb.server.json (server_pid). */
export function graphServerPid(dataDir: string): number | null {
  const lock = join(dataDir, "falkordb.server.json");
  if (!existsSync(lock)) return null;
  const pid = (JSON.parse(readFileSync(lock, "utf8")) as { server_pid?: unknown }).server_pid;
  return typeof pid === "number" ? pid : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kill the embedded graph server (by its recorded pid) and wait until it is gone. */
export async function killGraph(dataDir: string): Promise<number> {
  const pid = graphServerPid(dataDir);
  if (pid === null) throw new Error(`no server_pid in ${dataDir}/falkordb.server.json`);
  process.kill(pid, "SIGKILL");
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  return pid;
}

export async function stopServer(server: RunningServer | undefined): Promise<void> {
  if (!server) return;
  const graphPid = graphServerPid(server.dataDir);
  const child = server.process;
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    for (let i = 0; i < 100 && child.exitCode === null; i++) await sleep(100);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  if (graphPid !== null && alive(graphPid)) process.kill(graphPid, "SIGKILL");
  if (!process.env.ZEHN_E2E_KEEP) rmSync(server.dataDir, { recursive: true, force: true });
}

/** Freeze (SIGSTOP) or thaw (SIGCONT) the embedded graph server: a query in flight then waits, deterministically. */
export function freezeGraph(dataDir: string, frozen: boolean): void {
  const pid = graphServerPid(dataDir);
  if (pid === null) throw new Error(`no server_pid in ${dataDir}/falkordb.lock.json`);
  process.kill(pid, frozen ? "SIGSTOP" : "SIGCONT");
}

/** The last lines of the server's log, for a failing test's output (CI keeps no artifacts). */
export function serverLogTail(server: RunningServer, lines = 60): string {
  return readFileSync(server.logPath, "utf8").split("\n").slice(-lines).join("\n");
}
