import { sendEmail } from '../../shared/adapters/email.js';
import { MESSAGE_PRIORITY_LABELS, type MessageDeliveredDetail } from '../../shared/contracts/messages.js';
import type { PublicBusinessInfo } from '../../shared/contracts/settings-options.js';
import { claimNoticeEmail, getMessage, type MessageItem, releaseNoticeClaim } from '../../shared/domain/messages.js';
import { fullName } from '../../shared/domain/names.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { sessionDates, sessionInvite } from '../../shared/domain/session-invites.js';
import { businessContact, preferencesOf } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The e-mail a client gets for a new message when their e-mail notifications are on: the subject, its
 * priority when it is above normal (an urgent one says so in the e-mail's subject too) and a link to
 * the message in the portal. The body stays in the portal (plain text e-mail, nothing of the Markdown
 * is rendered or passed through).
 */
export function messageNoticeEmail(
  m: Pick<MessageItem, 'id' | 'subject' | 'recipientName' | 'priority'>,
  firstName: string,
  siteUrl: string,
  business: PublicBusinessInfo,
  /** A series' appointment message: its sessions' dates and times, listed in the e-mail (ADR 0060). */
  dates: readonly string[] = [],
) {
  const link = `${siteUrl.replace(/\/+$/, '')}/messages?messageId=${encodeURIComponent(m.id)}`;
  const urgent = m.priority === 'urgent' ? 'Urgent: ' : '';
  const subject = `${urgent}New message from ${business.name}: ${m.subject}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const raised = m.priority === 'high' || m.priority === 'urgent';
  const text = [
    `Hi ${firstName},`,
    '',
    `Your trainer sent you a message: "${m.subject.replace(/[\r\n]+/g, ' ')}".`,
    ...(raised ? [`Priority: ${MESSAGE_PRIORITY_LABELS[m.priority]}`] : []),
    ...(dates.length
      ? ['', 'Your sessions:', ...dates.map((d) => `- ${d}`), '', 'The attached invite adds them to your calendar.']
      : []),
    '',
    'Read it in your client portal:',
    link,
    '',
    'You receive this e-mail because e-mail notifications are on in your portal settings.',
    '',
    business.name,
  ].join('\n');
  return { subject, text, link };
}

export const handler = eventHandler<MessageDeliveredDetail>('events/email-message-notice', async (event) => {
  const { messageId, recipientId, siteUrl } = event.detail;
  const profile = await getProfileById(recipientId);
  if (!profile?.isActive) return;
  if (!preferencesOf(profile).emailNotifications) {
    logger.info('Message notice not e-mailed: notifications are off');
    return;
  }
  const message = await getMessage(messageId);
  if (message.status !== 'sent' || message.profileId !== recipientId) return;
  if (!(await claimNoticeEmail(messageId))) {
    logger.info('Message notice already e-mailed');
    return;
  }
  try {
    const business = await businessContact();
    const dates = message.seriesSessionIds ? await sessionDates(message.seriesSessionIds) : [];
    const { subject, text } = messageNoticeEmail(message, profile.firstName, siteUrl, business, dates);
    // An appointment message's e-mail carries the session's calendar invite (created, moved or cancelled),
    // a series' message one with every session of the series.
    const invite = message.sessionId
      ? await sessionInvite(message.seriesSessionIds ?? message.sessionId, {
          siteUrl,
          organizer: { name: business.name, email: business.email },
          attendee: { name: fullName(profile), email: profile.email },
        })
      : undefined;
    await sendEmail({
      to: [profile.email],
      subject,
      text,
      replyTo: business.email,
      ...(invite && {
        attachments: [
          {
            fileName: 'invite.ics',
            contentType: `text/calendar; charset=UTF-8; method=${invite.method}`,
            content: invite.content,
          },
        ],
      }),
    });
  } catch (e) {
    await releaseNoticeClaim(messageId);
    throw e;
  }
  logger.info('Message notice e-mailed');
});
