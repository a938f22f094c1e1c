import type { Expectations } from './types.js';

/** Client book routes (clients, dashboard). */
export const clientsExpectations: Expectations = {};
