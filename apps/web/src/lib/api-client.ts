// The one HTTP client for our services. It attaches the token, unwraps `{ data }` and turns the
// `responseException` envelope into ApiError. No toasts or redirects here (STYLE.md): callers decide.
import { useAuthStore } from '../app/auth/auth-store.ts';

/** Service base paths (ARCHITECTURE.md 'API conventions'). */
export type ServiceBase = '/api' | '/map' | '/integration' | '/stream' | '/widget-service' | '/public-api';

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

export interface RequestOptions {
  /** Which service to call; '/api' unless given. */
  base?: ServiceBase;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// A 401 from these services means the session is gone (spec 01 §4 'Auth', §8).
const SESSION_SERVICES: readonly ServiceBase[] = ['/api', '/integration'];

/** Performs one request against `${base}${path}` and returns the unwrapped `data` (undefined for 204). */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const base = options.base ?? '/api';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = useAuthStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
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
  if (payload && typeof payload === 'object' && 'data' in payload) return (payload as { data: T }).data;
  return payload as T;
}

/** GET `/api${path}` (or another service by options.base), unwrapping `{ data }`. */
export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

/** POST a JSON body to `/api${path}`, unwrapping `{ data }`. */
export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

/** PATCH a JSON body to `/api${path}`, unwrapping `{ data }`. */
export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PATCH', path, body, options);
}

/** PUT a JSON body to `/api${path}`, unwrapping `{ data }`. */
export function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PUT', path, body, options);
}

/** DELETE `/api${path}` (with an optional JSON body), unwrapping `{ data }`. */
export function apiDelete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', path, body, options);
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
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
