// The one HTTP client for our services. It attaches the token, unwraps `{ data }` and turns the
// `responseException` envelope into ApiError. No toasts or redirects here (STYLE.md): callers decide.
import { useAuthStore } from './session/auth-store.ts';
import { endpoints, pathOf, type HttpMethod } from '@allclear/contracts/endpoints';
import type { JsonRouteKey, RouteArgs, RouteData, RouteKey, Routes } from '@allclear/contracts/routes';

/** Service base paths (ARCHITECTURE.md 'API conventions'). */
type ServiceBase = '/api' | '/map' | '/integration' | '/stream' | '/widget-service' | '/public-api' | '/dev';

/** Field errors keyed by field name, plus ServerError/ServerErrors lists (spec 02 §3 'Server error shape'). */
export type ApiFieldErrors = Record<string, string[]>;

/** An HTTP failure from one of our services: status 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiFieldErrors;
  /** The server's responseException message, when the answer carried one (else undefined). */
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, errors: ApiFieldErrors = {}, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage;
  }

  /** The first ServerErrors (or ServerError) entry, which the spec shows in error banners (spec 01 §8). */
  get firstServerError(): string | undefined {
    return this.errors.ServerErrors?.[0] ?? this.errors.ServerError?.[0];
  }
}

// A 401 from these services means the session is gone (spec 01 §4 'Auth', §8).
const SESSION_SERVICES: readonly ServiceBase[] = ['/api', '/integration'];

/** Options of `call()`. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** What a call answers: its `data`, or a 'json' route's whole body (the type of the route's schema). */
export type CallData<K extends JsonRouteKey> = RouteData<Routes[K]>;

// the arguments may be left out when none of them is required
type CallParams<K extends JsonRouteKey> =
  Partial<RouteArgs<Routes[K]>> extends RouteArgs<Routes[K]>
    ? [args?: RouteArgs<Routes[K]>, options?: CallOptions]
    : [args: RouteArgs<Routes[K]>, options?: CallOptions];

/** Keys of the routes the browser reads by itself ('raw' images, tiles and styles; 'stream' events). */
export type UrlRouteKey = Exclude<RouteKey, JsonRouteKey>;

type UrlParams<K extends UrlRouteKey> =
  Partial<RouteArgs<Routes[K]>> extends RouteArgs<Routes[K]>
    ? [args?: RouteArgs<Routes[K]>]
    : [args: RouteArgs<Routes[K]>];

/**
 * Calls one route of the contracts' table by its key: fills the path params, adds the query, sends the body
 * and headers, and returns the answer's `data` (a 'json' route's whole body), typed from the route's schema.
 * In development and tests the answer is also checked against that schema (the table is loaded then only, so
 * production bundles carry the paths alone); a mismatch throws, naming the route and the fields.
 */
export async function call<K extends JsonRouteKey>(
  key: K,
  ...[args, options]: CallParams<K>
): Promise<RouteData<Routes[K]>> {
  const endpoint = endpoints[key];
  const { params, query, body, headers } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, unknown>;
  };
  const path = pathOf(endpoint, params);
  const base = `/${path.split('/')[1]}` as ServiceBase;
  const payload = await send(
    endpoint.method,
    base,
    path + queryString(query),
    body,
    stringValues(headers),
    options?.signal,
  );
  // among the routes call() takes, only 'json' ones name their answer: their body is the data
  const data = 'answer' in endpoint ? payload : (payload as { data?: unknown } | undefined)?.data;
  // checked, not replaced by the parsed value: development answers exactly what production does
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') await checkAnswer(key, data);
  return data as RouteData<Routes[K]>;
}

/**
 * The URL of a route that is not fetched through call(): an image, tile or style the browser or MapLibre loads,
 * or the event stream read with fetch. The path comes from the table with its params filled, plus the query.
 */
export function urlOf<K extends UrlRouteKey>(key: K, ...[args]: UrlParams<K>): string {
  const { params, query } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  return pathOf(endpoints[key], params) + queryString(query);
}

/** Throws when a call's answer does not match its route's response schema (development and tests only). */
async function checkAnswer(key: JsonRouteKey, data: unknown): Promise<void> {
  const { routes } = await import('@allclear/contracts/routes');
  const result = routes[key].response.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new Error(
      `${endpoints[key].method} ${endpoints[key].path} answered outside its contract: ${fields.join('; ')}`,
    );
  }
}

/** `?a=1&b=x` of the defined values (arrays repeat the name, dates as ISO 8601), '' when none. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function stringValues(record: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record ?? {}))
    if (value !== undefined) out[name] = String(value);
  return out;
}

/** One request: the token, JSON in and out, ApiError for a failure (and needsLogin for a session service's 401). */
async function send(
  method: HttpMethod,
  base: ServiceBase,
  url: string,
  body: unknown,
  extraHeaders: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = useAuthStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error: the server could not be reached.');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && SESSION_SERVICES.includes(base))
      useAuthStore.getState().setNeedsLogin(true);
    throw toApiError(response, payload);
  }
  return payload;
}

/** The body of an answer as JSON (text when it is not JSON; undefined when empty). */
export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ApiError of a failed answer, with the server's message and field errors. */
export function toApiError(response: Response, payload: unknown): ApiError {
  const exception =
    payload && typeof payload === 'object' && 'responseException' in payload
      ? (payload as { responseException?: { message?: unknown; errors?: unknown } }).responseException
      : undefined;
  const serverMessage =
    typeof exception?.message === 'string' && exception.message ? exception.message : undefined;
  const message = serverMessage ?? (response.statusText || `Request failed with status ${response.status}`);
  return new ApiError(response.status, message, normaliseErrors(exception?.errors), serverMessage);
}

function normaliseErrors(errors: unknown): ApiFieldErrors {
  if (!errors || typeof errors !== 'object') return {};
  const out: ApiFieldErrors = {};
  for (const [field, value] of Object.entries(errors)) {
    if (Array.isArray(value)) out[field] = value.map(String);
    else if (typeof value === 'string') out[field] = [value];
  }
  return out;
}
