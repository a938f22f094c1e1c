import { getIdToken } from './auth';
import { loadRuntimeConfig } from './config';
import { noteServerReached, noteServerUnreachable } from './connectivity';

/** An API failure carrying the server's user-safe message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the Cognito ID token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The message of an error body: `{ error: { message } }` (our handlers) or `{ message }` (401 from the gateway). */
export function errorMessageOf(data: unknown): string | undefined {
  const d = data as { error?: { message?: unknown } | string; message?: unknown } | null | undefined;
  if (d && typeof d.error === 'object' && typeof d.error?.message === 'string') return d.error.message;
  if (d && typeof d.error === 'string') return d.error;
  if (d && typeof d.message === 'string') return d.message;
  return undefined;
}

/** The API's answer to a deactivated account (functions/lib/http.ts). */
export const DEACTIVATED_MESSAGE = 'This account has been deactivated';
/** The API's refusal of a trainer-only route to anyone else (functions/lib/http.ts, SPEC 8). */
export const ADMIN_REFUSED_MESSAGE = 'Must be authenticated as admin';
/** What a trainer-only screen says when the API refuses it (SPEC 2, guarded pages). */
export const ADMIN_REQUIRED_TEXT = 'Access denied. Admin privileges required.';

/** Dispatched on window when the API says the signed-in account was deactivated. */
export const ACCOUNT_DEACTIVATED_EVENT = 'pawsitive:account-deactivated';

/**
 * Calls the HTTP API (`apiUrl` from /config.json + path) with `Authorization: Bearer <ID token>`.
 * Non-2xx answers throw an ApiError with the server's message.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const config = await loadRuntimeConfig();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = await getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    noteServerUnreachable();
    throw new ApiError('Could not reach the server. Please check your connection and try again.', 0);
  }
  noteServerReached();
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    if (response.status === 403 && errorMessageOf(data) === DEACTIVATED_MESSAGE && typeof window !== 'undefined') {
      window.dispatchEvent(new Event(ACCOUNT_DEACTIVATED_EVENT));
    }
    const err = (data as { error?: { code?: string; fields?: Record<string, string[]> } } | undefined)?.error;
    const message = errorMessageOf(data);
    throw new ApiError(
      response.status === 403 && message === ADMIN_REFUSED_MESSAGE
        ? ADMIN_REQUIRED_TEXT
        : (message ?? `Request failed (HTTP ${response.status})`),
      response.status,
      err?.code,
      err?.fields,
    );
  }
  return data as T;
}
