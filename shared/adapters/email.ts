import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { optionalUrl, readEnv } from '../config/env.js';
import * as z from '../zod.js';

let client: SESv2Client | undefined;

function env() {
  return readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    SES_ENDPOINT: optionalUrl,
    BUSINESS_EMAIL: z.email(),
    FROM_EMAIL: z.email(),
  });
}

export interface Email {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with the e-mail (a calendar invite): text content, sent as an attachment. */
  attachments?: { fileName: string; contentType: string; content: string }[];
}

export async function sendEmail(email: Email): Promise<void> {
  const e = env();
  client ??= new SESv2Client({
    region: e.AWS_REGION,
    ...(e.SES_ENDPOINT
      ? { endpoint: e.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: e.FROM_EMAIL,
      Destination: { ToAddresses: email.to },
      ReplyToAddresses: email.replyTo ? [email.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
          ...(email.attachments?.length
            ? {
                Attachments: email.attachments.map((a) => ({
                  FileName: a.fileName,
                  ContentType: a.contentType,
                  ContentDisposition: 'ATTACHMENT' as const,
                  RawContent: new TextEncoder().encode(a.content),
                })),
              }
            : {}),
        },
      },
    }),
  );
}
