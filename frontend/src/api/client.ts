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

type PostPath = { [P in keyof paths]: paths[P] extends { post: object } ? P : never }[keyof paths];
type PostOp<P extends PostPath> = paths[P]["post"];
type BodyOf<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : never;

export interface PostOptions<P extends PostPath> {
  path?: PathOf<PostOp<P>>;
  /** A bearer token for writes (see ZEHN_WRITE_TOKEN_SHA256). */
  token?: string;
  signal?: AbortSignal;
}

async function post(url: string, body: unknown, accept: string, token?: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" });
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/** POST a JSON body; the JSON answer typed from the spec. */
export async function apiPost<P extends PostPath>(path: P, body: BodyOf<PostOp<P>>,
  opts: PostOptions<P> = {}): Promise<Json<PostOp<P>>> {
  const url = buildUrl(path, opts.path as object | undefined);
  return (await (await post(url, body, "application/json", opts.token, opts.signal)).json()) as Json<PostOp<P>>;
}

/** POST a JSON body to an endpoint that answers text (Markdown). */
export async function apiPostText<P extends PostPath>(path: P, body: BodyOf<PostOp<P>>, signal?: AbortSignal): Promise<string> {
  return (await post(buildUrl(path), body, "text/markdown", undefined, signal)).text();
}

/** GET an endpoint that answers text (Markdown). */
export async function apiGetText(url: string, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: "text/markdown" }, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" });
  }
  if (!res.ok) throw await readError(res);
  return res.text();
}
