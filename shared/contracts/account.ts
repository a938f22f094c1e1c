import * as z from '../zod.js';

/** DELETE /api/me: the account's e-mail, typed by its owner to confirm. */
export const deleteAccountRequest = z.strictObject({
  confirmEmail: z
    .string({ error: 'Type your e-mail address to confirm.' })
    .check(
      z.trim(),
      z.minLength(1, 'Type your e-mail address to confirm.'),
      z.maxLength(320, 'Type your e-mail address to confirm.'),
    ),
});
