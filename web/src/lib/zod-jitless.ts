/**
 * Loaded before every lazy portal screen and layout (components/portal/screen.tsx), so it runs
 * before any module that creates a zod schema (shared/contracts): zod probes `new Function` when an
 * object schema is created, unless `jitless` is already set. The CSP (no 'unsafe-eval') blocks the probe
 * and the browser logs a violation, even though zod catches it.
 */
import { config } from 'zod/mini';

config({ jitless: true });
