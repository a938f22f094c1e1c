import type { TestUser } from '../../support/api.js';

/** Who calls a route in the authorization matrix (test/integration/authorization-matrix.test.ts). */
export type Caller = 'anonymous' | 'clientA' | 'clientB' | 'admin';

export interface MatrixUsers {
  clientA: TestUser;
  clientB: TestUser;
  admin: TestUser;
}

export interface MatrixRequest {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Loopback address to connect from (`visitor()`), i.e. which visitor the edge sees. */
  from?: string;
}

/**
 * What one route answers each caller. `request` runs once per caller and may create what the call
 * needs (a dog of client A, a note...), so a DELETE as admin has something of its own to delete.
 */
export interface Expectation {
  request: (users: MatrixUsers, caller: Caller) => MatrixRequest | Promise<MatrixRequest>;
  status: Record<Caller, number>;
}

export type Expectations = Record<string, Expectation>;

/** Shorthands for the usual answers. */
export const ADMIN_ONLY = { anonymous: 401, clientA: 403, clientB: 403, admin: 200 } as const;
export const PUBLIC_OK = (status: number) => ({ anonymous: status, clientA: status, clientB: status, admin: status });
