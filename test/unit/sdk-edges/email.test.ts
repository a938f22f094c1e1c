import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sendEmail } from '../../../shared/adapters/email.js';
import { useEnv } from './env.js';

const ses = mockClient(SESv2Client);
beforeEach(() => ses.reset());
afterAll(() => ses.restore());

/** The cloud edge of sendEmail: SES v2 SendEmail with the configured sender. */
describe('sending an e-mail through SES', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    SES_ENDPOINT: undefined,
    BUSINESS_EMAIL: 'trainer@pawsitive.example',
    FROM_EMAIL: 'no-reply@pawsitive.example',
  });
  beforeEach(() => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'msg-1' });
  });

  it('sends from the configured address to every recipient, with Reply-To, subject, text and HTML in UTF-8', async () => {
    await sendEmail({
      to: ['trainer@pawsitive.example', 'assistant@pawsitive.example'],
      replyTo: 'visitor@example.com',
      subject: 'New evaluation request: Zoë & Rex',
      text: 'Zoë asked for a free evaluation.',
      html: '<p>Zoë asked for a <strong>free evaluation</strong>.</p>',
    });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      FromEmailAddress: 'no-reply@pawsitive.example',
      Destination: { ToAddresses: ['trainer@pawsitive.example', 'assistant@pawsitive.example'] },
      ReplyToAddresses: ['visitor@example.com'],
      Content: {
        Simple: {
          Subject: { Data: 'New evaluation request: Zoë & Rex', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Zoë asked for a free evaluation.', Charset: 'UTF-8' },
            Html: { Data: '<p>Zoë asked for a <strong>free evaluation</strong>.</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('a text-only e-mail without Reply-To carries no HTML part and no Reply-To', async () => {
    await sendEmail({ to: ['client@example.com'], subject: 'Your invitation', text: 'Welcome aboard.' });
    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.ReplyToAddresses).toBeUndefined();
    expect(input.Content?.Simple?.Body).toEqual({ Text: { Data: 'Welcome aboard.', Charset: 'UTF-8' } });
  });

  it("SES's refusal (e.g. an unverified sender in the sandbox) is passed on", async () => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    await expect(sendEmail({ to: ['client@example.com'], subject: 's', text: 't' })).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
    });
  });
});

describe('sending without a sender configured', () => {
  useEnv({ FROM_EMAIL: undefined, BUSINESS_EMAIL: 'trainer@pawsitive.example' });

  it('fails with the missing setting before calling SES', async () => {
    await expect(sendEmail({ to: ['client@example.com'], subject: 's', text: 't' })).rejects.toThrow(/FROM_EMAIL/);
    expect(ses.calls()).toHaveLength(0);
  });
});
