import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import { type ClassItem, listClassEnrolments } from './classes.js';
import { composeMessages, findMessage } from './messages.js';
import type { Profile } from './profiles.js';
import { businessContact } from './settings.js';

/**
 * What the seat holders of a class are told when the trainer changes one meeting (cancelled, ADR 0074;
 * moved, ADR 0075): one portal message each, its push notice and e-mail following as for any message.
 */

/** A message id (UUID-shaped) derived from `seed`, so an event run again finds the message it sent. */
export function derivedMessageId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface SeatHolderNotice {
  subject: string;
  /** The lines after the greeting. */
  lines: readonly string[];
  /** The message's id for one client (derived, so none is sent twice). */
  messageId: (clientId: string) => string;
  siteUrl?: string;
}

/**
 * Sends `notice` to each client with a seat or a seat offered in class `c` (the waitlist holds no seat)
 * who has not got it yet. Returns how many were sent.
 */
export async function messageSeatHolders(c: Pick<ClassItem, 'id'>, notice: SeatHolderNotice): Promise<number> {
  const [enrolments, business] = await Promise.all([listClassEnrolments(c.id), businessContact()]);
  const clients = [
    ...new Set(enrolments.filter((e) => e.status === 'enrolled' || e.status === 'offered').map((e) => e.clientId)),
  ];
  const sender = { id: 'business', firstName: business.name, lastName: '' } as Profile;
  const content = ['Hi {client_name},', '', ...notice.lines].join('\n');
  let sent = 0;
  for (const clientId of clients) {
    const messageId = notice.messageId(clientId);
    if (await findMessage(messageId)) continue;
    try {
      await composeMessages(
        sender,
        {
          recipientIds: [clientId],
          subject: notice.subject,
          content,
          messageType: 'appointment',
          priority: 'high',
          scheduledFor: null,
        },
        { siteUrl: notice.siteUrl ?? '', messageId },
      );
      sent++;
    } catch (e) {
      // A client deactivated since is not a recipient; the others still are.
      if (!(e instanceof AppError && e.code === 'VALIDATION')) throw e;
    }
  }
  return sent;
}
