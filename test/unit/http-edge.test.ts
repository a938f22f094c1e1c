import { describe, expect, it } from 'vitest';
import { contactEmail } from '../../functions/events/email-contact-submission.js';
import { parseGroups } from '../../functions/lib/http.js';

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
