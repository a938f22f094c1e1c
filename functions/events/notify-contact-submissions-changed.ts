import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { ContactSubmissionsChangedNotice } from '../../shared/contracts/contact-options.js';
import { listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/** Tells every connected admin that submissions changed, so open lists and counters refresh. */
export const handler = eventHandler<Omit<ContactSubmissionsChangedNotice, 'type'>>(
  'events/notify-contact-submissions-changed',
  async (event) => {
    const ids = await listConnectionIdsByRole('admin');
    const notice: ContactSubmissionsChangedNotice = { type: 'contact_submissions.changed', ...event.detail };
    await pushToConnections(ids, notice);
  },
);
