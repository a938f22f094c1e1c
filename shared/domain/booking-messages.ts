import type { BookingDeclinedDetail } from './bookings.js';
import { findBooking } from './bookings.js';
import { composeMessages, findMessage } from './messages.js';
import { getProfileById } from './profiles.js';
import { sessionMessageContent } from './session-reminders.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The appointment message of a declined booking request (an approval's is the scheduled session's own,
 * shared/domain/session-follow-ups.ts): the dog, type, date and time asked for and the trainer's note.
 * Its id is fixed at the decline, so a repeated delivery sends it once; the e-mail notice follows the
 * message as for every message (events/email-message-notice).
 */
export async function sendBookingDeclinedMessage(detail: BookingDeclinedDetail): Promise<string> {
  if (await findMessage(detail.messageId)) return 'already sent';
  const [booking, sender] = await Promise.all([findBooking(detail.bookingId), getProfileById(detail.senderId)]);
  if (!booking) return 'booking gone';
  if (!sender) return 'sender gone';
  const client = await getProfileById(booking.clientId);
  if (client?.role !== 'client' || !client.isActive) return 'client not active';
  const timeZone = await businessTimeZoneSetting();
  const content = sessionMessageContent(
    { ...booking, notes: booking.note },
    'Your training session request was declined, and your session credit is back on your account.',
    timeZone,
  );
  await composeMessages(
    sender,
    {
      recipientIds: [booking.clientId],
      subject: `Training Session Request Declined - ${booking.dogName || 'your dog'}`,
      content,
      messageType: 'appointment',
      priority: 'normal',
      scheduledFor: null,
    },
    { siteUrl: detail.siteUrl ?? '', messageId: detail.messageId },
  );
  return 'sent';
}
