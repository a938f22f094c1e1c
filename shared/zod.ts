/**
 * The zod every schema of the project is built with: `zod/mini`, zod's functional API, with its
 * English messages (ADR 0016, third round). Import it as `import * as z from '<relative path>/zod.js'`,
 * never 'zod' itself: classic zod is about 65 KB more in every Lambda bundle, and zod/mini loads no
 * locale by itself (without one every message zod writes is "Invalid input"). Registering English
 * here, in the module every schema imports, sets it on every path (Lambda handlers, the local runtime,
 * the tests, the web) before any schema parses.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
