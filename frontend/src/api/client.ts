/** A thin typed fetch wrapper over the generated OpenAPI paths (GET endpoints return JSON). */
import type { paths } from "./schema.gen";
import type { ErrorBody } from "./types";

type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type GetOp<P extends GetPath> = paths[P]["get"];
type Json<O> = O extends { responses: { 200: { content: { "application/json": infer T } } } } ? T : never;
type Params<O> = O extends { parameters: infer X } ? X : never;
type QueryOf<O> = Params<O> extends { query?: infer Q } ? Q : never;
type PathOf<O> = Params<O> extends { path: infer Q } ? Q : never;

export type GetResult<P extends GetPath> = Json<GetOp<P>>;
export interface GetOptions<P extends GetPath> {
  query?: QueryOf<GetOp<P>>;
  path?: PathOf<GetOp<P>>;
  signal?: AbortSignal;
}

/** An HTTP error from the API, with its typed body when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${httpStatus}`);
    this.name = "ApiError";
  }

  /** The graph (or the model endpoint) is down: 503 or a body saying "unavailable". */
  get unavailable(): boolean {
    return this.httpStatus === 503 || this.body?.status === "unavailable";
  }

  get notFound(): boolean {
    return this.httpStatus === 404;
  }
}

export function buildUrl(template: string, path?: object, query?: object): string {
  const filled = template.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = (path as Record<string, unknown> | undefined)?.[key];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}

export async function readError(res: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === "object" && "message" in parsed) body = parsed as ErrorBody;
  } catch {
    body = null;
  }
  return new ApiError(res.status, body);
}

/** `/api/health` answers 503 with the same body while the graph is warming up or unavailable: both are reports. */
export async function apiHealth(signal?: AbortSignal): Promise<GetResult<"/api/health">> {
  let res: Response;
  try {
    res = await fetch(buildUrl("/api/health"), { headers: { Accept: "application/json" }, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" });
  }
  if (!res.ok && res.status !== 503) throw await readError(res);
  return (await res.json()) as GetResult<"/api/health">;
}

export async function apiGet<P extends GetPath>(path: P, opts: GetOptions<P> = {}): Promise<GetResult<P>> {
  const url = buildUrl(path, opts.path as object | undefined, opts.query as object | undefined);
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: "application/json" }, signal: opts.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" });
  }
  if (!res.ok) throw await readError(res);
  return (await res.json()) as GetResult<P>;
}
