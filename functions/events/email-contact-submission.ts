import { sendEmail } from '../../shared/adapters/email.js';
import { type ContactSubmission, PROGRAM_OPTIONS } from '../../shared/contracts/contact.js';
import { businessContact } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** Formats the e-mail the business receives for a new free-evaluation request. */
export function contactEmail(s: ContactSubmission) {
  const program = PROGRAM_OPTIONS.find((p) => p.value === s.program)?.label ?? s.program;
  const text = [
    `New free evaluation request from ${s.firstName} ${s.lastName}`,
    '',
    `Email: ${s.email}`,
    `Phone: ${s.phone}`,
    `Program: ${program}`,
    '',
    `Dog: ${s.dogName} (${s.dogBreed}, ${s.dogSex}, born ${s.dogBirthDate})`,
    '',
    'Message:',
    s.message,
  ].join('\n');
  return { subject: `New evaluation request: ${s.firstName} ${s.lastName} (${s.dogName})`, text };
}

export const handler = eventHandler<{ submission: ContactSubmission }>(
  'events/email-contact-submission',
  async (event) => {
    const { submission } = event.detail;
    const { subject, text } = contactEmail(submission);
    // The business e-mail saved in the settings (else BUSINESS_EMAIL).
    const business = await businessContact();
    await sendEmail({ to: [business.email], subject, text, replyTo: submission.email });
    logger.info('Contact e-mail sent', { submissionId: submission.id });
  },
);
