import * as z from '../zod.js';

/** GET /api/health takes no query parameters. */
export const healthQuery = z.strictObject({});

/** Its answer when the API reaches its data store; otherwise a 503 whose message is `STORE_UNREACHABLE`. */
export interface HealthResponse {
  status: 'ok';
}

/** The user-safe reason of a failed check (the portal shows "Database connectivity failed: <this>"). */
export const STORE_UNREACHABLE = 'The data store did not answer';
