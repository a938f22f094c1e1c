/**
 * Response shape and texts of session credits (shared/domain/credits.ts), with no runtime dependency:
 * the web imports them.
 */

/** GET /api/me/credits and GET /api/clients/{id}/credits. */
export interface CreditsResponse {
  credits: {
    /** Credits left; below 0, the number of sessions completed without a credit (owed). */
    balance: number;
    /** Credits held by open booking requests and booked sessions (ADR 0034), not in `balance`. */
    held: number;
  };
}

/** The session form's warning when the chosen client has no credit left (a warning, never a block). */
export const NO_CREDITS_WARNING = 'This client has no session credits left.';
