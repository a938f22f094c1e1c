import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Position } from '../../shared/domain/pagination.js';
import { AppError } from '../../shared/errors.js';

/**
 * The one cursor module of every list. A list's position (shared/domain/pagination.ts) leaves the API
 * only sealed: `<state>.<signature>`, the state as base64url JSON and an HMAC-SHA256 over the state and
 * the scope it was issued for (the list's route, the caller and the filter). A cursor that was forged,
 * truncated, altered, or issued for another list, caller or filter fails the check and is answered 400
 * `Invalid cursor` before any list reads the table.
 *
 * The key comes from the deployment: a generated Secrets Manager secret in the cloud (api-stack.ts), a key
 * generated once and kept in the local data folder by `npm start` (infra/local/state.ts).
 */
export const CURSOR_KEY_ENV = 'CURSOR_SIGNING_KEY';
export const INVALID_CURSOR = 'Invalid cursor';

export interface CursorScope {
  /** The list: its route key (`GET /api/clients`). */
  list: string;
  /** Who asked: the user id, or `anonymous`. */
  caller: string;
  /** What the page is of: the path parameters and the query without the cursor and the page size. */
  filter: unknown;
}

const VERSION = 'c1';

function signingKey(): string {
  const key = process.env[CURSOR_KEY_ENV];
  if (!key || key.length < 32) throw new Error(`${CURSOR_KEY_ENV} is not configured (at least 32 characters)`);
  return key;
}

/** JSON with object keys sorted and undefined members left out, so one filter always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function signature(state: string, scope: CursorScope): string {
  return createHmac('sha256', signingKey())
    .update([VERSION, scope.list, scope.caller, canonical(scope.filter), state].join('\n'))
    .digest('base64url');
}

const invalid = () => new AppError('VALIDATION', INVALID_CURSOR, { cursor: [INVALID_CURSOR] });

/** The opaque cursor of `position` for `scope`. */
export function sealCursor(position: Position, scope: CursorScope): string {
  const state = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${state}.${signature(state, scope)}`;
}

/** The position sealed in `cursor`, if it was issued for `scope`; else a 400 `Invalid cursor`. */
export function openCursor(cursor: string, scope: CursorScope): Position {
  const dot = cursor.indexOf('.');
  if (dot <= 0 || dot !== cursor.lastIndexOf('.')) throw invalid();
  const state = cursor.slice(0, dot);
  const expected = Buffer.from(signature(state, scope), 'utf8');
  const got = Buffer.from(cursor.slice(dot + 1), 'utf8');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw invalid();
  try {
    return JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as Position;
  } catch {
    throw invalid();
  }
}
