import * as z from '../zod.js';

/** A list's `cursor` query parameter: the opaque cursor of the previous page. */
export const cursorParam = z.optional(z.string().check(z.maxLength(4000, 'Invalid cursor')));

/** A list's `limit` query parameter: a whole number from 1 to 100. */
export const limitParam = z.optional(
  z.coerce
    .number({ error: 'limit must be a number' })
    .check(
      z.int('limit must be a whole number'),
      z.gte(1, 'limit must be between 1 and 100'),
      z.lte(100, 'limit must be between 1 and 100'),
    ),
);
