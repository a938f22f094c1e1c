import * as z from 'zod';

/** DELETE /api/me: the account's e-mail, typed by its owner to confirm. */
export const deleteAccountRequest = z.strictObject({
  confirmEmail: z
    .string({ error: 'Type your e-mail address to confirm.' })
    .trim()
    .min(1, 'Type your e-mail address to confirm.')
    .max(320, 'Type your e-mail address to confirm.'),
});
