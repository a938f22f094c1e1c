/**
 * Coded, user-safe errors. Domain code throws these; only the HTTP edge maps codes to status codes
 * (functions/lib/http.ts). The message is shown to the user as-is, so it must never leak internals.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  /** A provider the request depends on is not configured or did not answer (payments). */
  | 'UNAVAILABLE';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, string[]>;

  constructor(code: ErrorCode, message: string, details?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
