import { describe, expect, it } from 'vitest';
import { contactEmail } from '../../functions/events/email-contact-submission.js';
import { messageNoticeEmail } from '../../functions/events/email-message-notice.js';
import { parseGroups } from '../../functions/lib/http.js';
import { XSS_PAYLOADS } from '../factories/xss-payloads.js';

describe('cognito:groups parsing', () => {
  it('reads the HTTP API authorizer string form, arrays and single values', () => {
    expect(parseGroups('[admin client]')).toEqual(['admin', 'client']);
    expect(parseGroups(['client'])).toEqual(['client']);
    expect(parseGroups('admin')).toEqual(['admin']);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('')).toEqual([]);
  });
});

describe('contact e-mail', () => {
  it('names the person, the dog and the program label', () => {
    const mail = contactEmail({
      id: '1',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '941-555-0100',
      program: 'advancedTraining',
      message: 'Leash reactivity.',
      dogName: 'Rex',
      dogBreed: 'Pit Bull Terrier Mix',
      dogSex: 'male',
      dogBirthDate: '2022-01-05',
      status: 'new',
      convertedToClient: false,
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    expect(mail.subject).toBe('New evaluation request: Jane Doe (Rex)');
    expect(mail.text).toContain('Program: Advanced Training & Behavior Modification');
    expect(mail.text).toContain('Leash reactivity.');
  });
});

describe('message notice e-mail', () => {
  const business = {
    name: 'Pawsitive',
    email: 'hello@example.com',
    phone: '941-555-0100',
    address: '',
    timeZone: 'America/New_York',
  };
  it.each(XSS_PAYLOADS)('carries %s only as plain text, on one subject line, with a link to the portal', (payload) => {
    const mail = messageNoticeEmail(
      { id: 'id/1', subject: `${payload}\r\nBcc: x@example.com`, recipientName: 'Alice Ambler', priority: 'normal' },
      'Alice',
      'http://127.0.0.1:8080/',
      business as never,
    );
    expect(mail).not.toHaveProperty('html');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.link).toBe('http://127.0.0.1:8080/messages?messageId=id%2F1');
    expect(mail.text).toContain(mail.link);
  });

  it('says an urgent message is urgent in the subject and the text, a high one in the text, a normal one nowhere', () => {
    const notice = (priority: 'low' | 'normal' | 'high' | 'urgent') =>
      messageNoticeEmail(
        { id: 'm1', subject: 'Vet visit', recipientName: 'Alice Ambler', priority },
        'Alice',
        'http://127.0.0.1:8080/',
        business as never,
      );
    const urgent = notice('urgent');
    expect(urgent.subject).toMatch(/^Urgent: New message from .+: Vet visit$/);
    expect(urgent.text).toContain('Priority: Urgent');
    expect(notice('high').subject).toMatch(/^New message from /);
    expect(notice('high').text).toContain('Priority: High');
    for (const p of ['low', 'normal'] as const) {
      expect(notice(p).subject).toMatch(/^New message from /);
      expect(notice(p).text).not.toContain('Priority');
    }
  });
});
