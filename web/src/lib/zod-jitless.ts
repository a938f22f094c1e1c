/**
 * Import this FIRST in every web module that imports a zod schema (shared/contracts): zod probes
 * `new Function` when an object schema is created, unless `jitless` is already set. The CSP (no
 * 'unsafe-eval') blocks the probe and the browser logs a violation, even though zod catches it.
 * ES modules evaluate their imports in order, so this must come before the schema's module.
 */
import { z } from 'zod';

z.config({ jitless: true });
