import * as z from '../../../shared/zod.js';

/** Path parameters of /api/clients/{id}: the client's profile id. */
export const clientIdParams = z.strictObject({
  id: z
    .string({ error: 'id is required' })
    .check(
      z.trim(),
      z.minLength(1, 'id is required'),
      z.maxLength(100, 'id is not valid'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'id is not valid'),
    ),
});
