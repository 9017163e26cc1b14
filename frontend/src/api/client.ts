/**
 * The typed HTTP client: openapi-fetch over the generated OpenAPI paths (GET and POST alike), and one error type.
 * Every request carries the saved API token, if any (auth.ts).
 *
 * `unwrap(api.GET(...))` returns the typed body or throws {@link ApiError}; a network failure (the API does not
 * answer at all) is an ApiError with status 0 and kind "network", never an empty result.
 */
import createClient from "openapi-fetch";
import { withToken } from "./auth";
import type { paths } from "./schema.gen";
import type { ErrorBody } from "./types";

/** An HTTP error from the API, with its typed body when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${httpStatus}`);
    this.name = "ApiError";
  }

  /** The kind of failure: the body's `kind`, "network" when nothing answered, else "http". */
  get kind(): string {
    return this.body?.kind ?? (this.httpStatus === 0 ? "network" : "http");
  }

  /** The graph (or the model endpoint) is down: 503 or a body saying "unavailable". */
  get unavailable(): boolean {
    return this.httpStatus === 503 || this.body?.status === "unavailable";
  }

  get notFound(): boolean {
    return this.httpStatus === 404;
  }
}

export const NETWORK_ERROR: ErrorBody = { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" };

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

/** fetch looked up on every call (tests stub it after import), with the token; a network failure becomes an
 * ApiError. */
async function lateFetch(input: Request): Promise<Response> {
  try {
    return await globalThis.fetch(withToken(input));
  } catch (err) {
    if (isAbort(err) || input.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

export const api = createClient<paths>({
  baseUrl: typeof window !== "undefined" ? window.location.origin : "",
  fetch: lateFetch,
});

function asErrorBody(value: unknown): ErrorBody | null {
  return value && typeof value === "object" && "message" in value ? (value as ErrorBody) : null;
}

export async function readError(res: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = asErrorBody(await res.json());
  } catch {
    body = null;
  }
  return new ApiError(res.status, body);
}

interface Fetched<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The typed body of a successful call; an ApiError (with the server's error body) otherwise. */
export async function unwrap<D>(pending: Promise<Fetched<D>>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new ApiError(response.status, asErrorBody(error));
  if (data === undefined) throw new ApiError(response.status, { status: "error", kind: "empty", message: "empty response" });
  return data;
}
