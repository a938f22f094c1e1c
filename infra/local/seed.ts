import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './handlers.js';

// The section definitions are shared with the cloud's seeding custom resource (functions/custom/seed-content.ts).
export { seedSections } from '../../shared/content/sections.js';

const BUILTIN_SEED = join(REPO_ROOT, 'shared', 'content', 'seed.ts');

/**
 * Runs `seedBuiltinContent()` from shared/content/seed.ts when that module exists. Returns false
 * when it does not (yet): the runtime then tries again on the next start.
 */
export async function seedBuiltinContent(): Promise<boolean> {
  if (!existsSync(BUILTIN_SEED)) return false;
  const mod = (await import(pathToFileURL(BUILTIN_SEED).href)) as { seedBuiltinContent?: () => Promise<unknown> };
  if (typeof mod.seedBuiltinContent !== 'function') {
    throw new Error('shared/content/seed.ts does not export seedBuiltinContent()');
  }
  await mod.seedBuiltinContent();
  return true;
}
