import { store } from '../db/service.js';

/**
 * The connectivity check (SPEC 3, system_settings read): one GetItem on the settings record, which
 * proves the table answers whether or not the record exists. Rejects with the store's own error.
 */
export async function pingStore(): Promise<void> {
  await store().entities.setting.get({ key: 'business' }).go();
}
