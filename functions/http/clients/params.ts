import * as z from 'zod';

/** Path parameters of /api/clients/{id}: the client's profile id. */
export const clientIdParams = z.strictObject({
  id: z
    .string({ error: 'id is required' })
    .trim()
    .min(1, 'id is required')
    .max(100, 'id is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'id is not valid'),
});
