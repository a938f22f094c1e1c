import type { Expectations } from './types.js';

/** Contact submission routes (status, conversion, bulk deletion). */
export const contactSubmissionsExpectations: Expectations = {};
