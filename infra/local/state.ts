import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the local runtime remembers between starts (`<dataDir>/state.json`). */
export interface LocalState {
  version: 1;
  userPool?: { id: string; clientId: string };
  /** The key list cursors are signed with (functions/lib/cursor.ts): generated on the first start, kept so cursors outlive a restart. */
  cursorKey?: string;
  /** The seed of web push's VAPID key pair (ADR 0061): generated on the first start, kept so subscriptions outlive a restart. */
  vapidSeed?: string;
  seed?: {
    /** When the admin user was created, and its e-mail (the password is only shown once). */
    admin?: { email: string; at: string };
    sections?: string;
    /** When shared/content/seed.ts ran (absent while that module does not exist). */
    builtinContent?: string;
    /** When the contact submission counters were set from the existing submissions (infra/local/backfill.ts). */
    contactCounters?: string;
    sessionCounters?: string;
    dogNames?: string;
    dogVaccinations?: string;
  };
}

export function readState(dataDir: string): LocalState {
  const file = join(dataDir, 'state.json');
  if (!existsSync(file)) return { version: 1 };
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalState;
  } catch (e) {
    throw new Error(
      `${file} is not valid JSON (${(e as Error).message}). Delete the folder ${dataDir} to start fresh.`,
    );
  }
}

export function writeState(dataDir: string, state: LocalState): void {
  const file = join(dataDir, 'state.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
