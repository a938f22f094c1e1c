import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURSOR_KEY_ENV,
  type CursorScope,
  INVALID_CURSOR,
  openCursor,
  sealCursor,
} from '../../functions/lib/cursor.js';
import { type Position, toPosition } from '../../shared/domain/pagination.js';
import { AppError } from '../../shared/errors.js';

const scope: CursorScope = {
  list: 'GET /api/clients',
  caller: 'user-1',
  filter: { query: { filter: 'all' }, params: {} },
};
const position = toPosition({ s: 1, c: 'eyJwayI6IngifQ' }) as Position;

const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('VALIDATION');
    expect((e as AppError).message).toBe(INVALID_CURSOR);
    return;
  }
  throw new Error('the cursor was accepted');
};

const before = process.env[CURSOR_KEY_ENV];
beforeAll(() => {
  process.env[CURSOR_KEY_ENV] = 'k'.repeat(48);
});
afterAll(() => {
  if (before === undefined) delete process.env[CURSOR_KEY_ENV];
  else process.env[CURSOR_KEY_ENV] = before;
});

describe('the cursor module', () => {
  it('gives back the position it sealed, for the same scope (filter keys in any order)', () => {
    const sealed = sealCursor(position, scope);
    expect(sealed).not.toContain('eyJwayI6IngifQ"');
    expect(openCursor(sealed, { ...scope, filter: { params: {}, query: { filter: 'all' } } })).toEqual({
      s: 1,
      c: 'eyJwayI6IngifQ',
    });
  });

  it('refuses a cursor for another list, caller or filter', () => {
    const sealed = sealCursor(position, scope);
    refused(() => openCursor(sealed, { ...scope, list: 'GET /api/sessions' }));
    refused(() => openCursor(sealed, { ...scope, caller: 'user-2' }));
    refused(() => openCursor(sealed, { ...scope, filter: { query: { filter: 'completed' }, params: {} } }));
  });

  it('refuses forged, truncated, altered and malformed cursors', () => {
    const sealed = sealCursor(position, scope);
    const [state, signature] = sealed.split('.');
    const other = Buffer.from(JSON.stringify({ s: -1, c: null })).toString('base64url');
    for (const bad of [
      '',
      'MQ',
      state,
      `${state}.`,
      `.${signature}`,
      sealed.slice(0, -1),
      `${other}.${signature}`,
      `${state}.${signature}.${signature}`,
      `${state}.${signature.toUpperCase()}`,
      `${state}.${'\u{d800}'.repeat(43)}`,
    ]) {
      refused(() => openCursor(bad, scope));
    }
  });

  it('depends on the deployment key: a cursor sealed with another key is refused, and no key means no cursors', () => {
    const sealed = sealCursor(position, scope);
    process.env[CURSOR_KEY_ENV] = 'j'.repeat(48);
    refused(() => openCursor(sealed, scope));
    delete process.env[CURSOR_KEY_ENV];
    expect(() => sealCursor(position, scope)).toThrow(CURSOR_KEY_ENV);
    process.env[CURSOR_KEY_ENV] = 'k'.repeat(48);
    expect(openCursor(sealed, scope)).toEqual({ s: 1, c: 'eyJwayI6IngifQ' });
  });
});
