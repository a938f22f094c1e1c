import type { Expectations } from './types.js';

/** Dog, photo and client note routes. */
export const dogsAndNotesExpectations: Expectations = {};
