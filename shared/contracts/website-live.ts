import * as z from '../zod.js';

/** GET /api/admin/website/{section}/live: a section key as the editor names it. */
export const websiteLiveParams = z.strictObject({
  section: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'section must be a section key (a-z, 0-9, _)')),
});

/** When the section's pages went live, and whether the latest render failed (the previous pages stay). */
export interface WebsiteLiveStatus {
  section: string;
  liveAt: string | null;
  livePaths: string[];
  failedAt: string | null;
  failure: string | null;
}
