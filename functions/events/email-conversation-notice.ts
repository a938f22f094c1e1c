import { sendEmail } from '../../shared/adapters/email.js';
import type { ConversationChangedDetail } from '../../shared/contracts/conversations.js';
import type { PublicBusinessInfo } from '../../shared/contracts/settings-options.js';
import {
  type ConversationItem,
  claimTrainerNotice,
  findConversation,
  findPost,
  type PostItem,
  releaseTrainerNotice,
} from '../../shared/domain/conversations.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { businessContact, preferencesOf } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** The portal's primary colour (web/src/styles/global.css `--primary`): the e-mail's header and link. */
const PRIMARY = '#2563eb';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** The post as HTML: its text escaped (nothing of it is markup), paragraphs at blank lines, line breaks kept. */
function postHtml(content: string): string {
  return content
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The e-mail notice of a conversation post, to the other side: the post itself (HTML in the portal's
 * look and a plain-text part) and a link to the conversation. `to` is who receives it.
 */
export function conversationNoticeEmail(
  c: Pick<ConversationItem, 'threadId' | 'subject' | 'clientName'>,
  post: Pick<PostItem, 'authorName' | 'content'>,
  to: { side: 'trainer' | 'client'; firstName: string },
  siteUrl: string,
  business: PublicBusinessInfo,
) {
  const base = siteUrl.replace(/\/+$/, '');
  const link =
    to.side === 'trainer'
      ? `${base}/dashboard/messages?threadId=${encodeURIComponent(c.threadId)}`
      : `${base}/messages?threadId=${encodeURIComponent(c.threadId)}`;
  const from = to.side === 'trainer' ? post.authorName : business.name;
  const subject = oneLine(`New message from ${from}: ${c.subject}`).slice(0, 200);
  const intro =
    to.side === 'trainer' ? `${post.authorName} wrote in "${c.subject}":` : `${business.name} wrote in "${c.subject}":`;
  const footer =
    to.side === 'trainer'
      ? 'You receive at most one e-mail per conversation every 15 minutes.'
      : 'You receive this e-mail because e-mail notifications are on in your portal settings.';
  const text = [
    `Hi ${to.firstName},`,
    '',
    oneLine(intro),
    '',
    post.content.trim(),
    '',
    'Answer in the portal:',
    link,
    '',
    footer,
    '',
    business.name,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:${PRIMARY};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(business.name)}</td></tr>`,
    '<tr><td style="padding:24px;font-size:16px;line-height:1.5">',
    `<p style="margin:0 0 12px">Hi ${escapeHtml(to.firstName)},</p>`,
    `<p style="margin:0 0 12px">${escapeHtml(oneLine(intro))}</p>`,
    `<div style="border-left:4px solid ${PRIMARY};padding:8px 16px;margin:0 0 16px;background:#f9fafb">${postHtml(post.content)}</div>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:${PRIMARY};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">Answer in the portal</a></p>`,
    `<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
  return { subject, text, html, link };
}

/**
 * A new post e-mailed to the other side. The trainer (the business e-mail) gets a client's post at
 * most once per conversation per 15 minutes (claimed with a conditional write on the conversation);
 * a client gets the trainer's post when their e-mail notifications are on.
 */
export const handler = eventHandler<ConversationChangedDetail>('events/email-conversation-notice', async (event) => {
  const { threadId, clientId, kind, by, postId, postAt, siteUrl } = event.detail;
  if (kind !== 'posted' || !postId || !postAt || !siteUrl) return;
  const [conversation, post] = await Promise.all([findConversation(threadId), findPost(threadId, postAt, postId)]);
  if (!conversation || !post || conversation.profileId !== clientId) return;
  const business = await businessContact();
  if (by === 'trainer') {
    const client = await getProfileById(clientId);
    if (!client?.isActive || !preferencesOf(client).emailNotifications) {
      logger.info('Conversation notice not e-mailed: the client is inactive or has notifications off');
      return;
    }
    const email = conversationNoticeEmail(
      conversation,
      post,
      { side: 'client', firstName: client.firstName },
      siteUrl,
      business,
    );
    await sendEmail({
      to: [client.email],
      subject: email.subject,
      text: email.text,
      html: email.html,
      replyTo: business.email,
    });
    logger.info('Conversation notice e-mailed to the client');
    return;
  }
  const claimedAt = Date.now();
  if (!(await claimTrainerNotice(threadId, claimedAt))) {
    logger.info('Conversation notice not e-mailed: the trainer was e-mailed of it in the last 15 minutes');
    return;
  }
  try {
    const email = conversationNoticeEmail(
      conversation,
      post,
      { side: 'trainer', firstName: 'there' },
      siteUrl,
      business,
    );
    await sendEmail({ to: [business.email], subject: email.subject, text: email.text, html: email.html });
  } catch (e) {
    await releaseTrainerNotice(threadId, claimedAt);
    throw e;
  }
  logger.info('Conversation notice e-mailed to the trainer');
});
