// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AdminMessage } from '#shared/contracts/message-options';
import { createMessagePdf, messagePdfLines } from './message-pdf';

const message = (over: Partial<AdminMessage> = {}): AdminMessage => ({
  id: 'm-1',
  subject: 'Week 1: Loose-leash walking!',
  content: '# Homework\n\n**Practice** 10 minutes a day.\n\n- Sit\n- Stay',
  messageType: 'homework',
  priority: 'high',
  sentAt: '2025-03-01T15:30:00.000Z',
  readAt: '2025-03-02T14:05:00.000Z',
  recipientId: 'c-1',
  recipientName: 'Maria Lopez',
  recipientEmail: 'maria@example.com',
  senderId: 'a-1',
  senderName: 'Sam Trainer',
  status: 'sent',
  threadId: 't-1',
  createdAt: '2025-03-01T15:30:00.000Z',
  ...over,
});

const XSS = [
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '<script>alert(1)</script>',
  '[x](JaVaScRiPt:alert(3))',
];

const pdfText = async (m: AdminMessage) =>
  new TextDecoder('latin1').decode((await createMessagePdf(m)).output('arraybuffer'));

describe('message PDF', () => {
  it('lists the title, the details and the content as plain text, with a file name from the subject', async () => {
    const lines = await messagePdfLines(message());
    expect(lines.fileName).toBe('message-week-1-loose-leash-walking.pdf');
    expect(lines.title).toBe('Week 1: Loose-leash walking!');
    expect(lines.meta).toEqual([
      'To: Maria Lopez',
      'From: Sam Trainer',
      'Type: Homework Assignment',
      'Priority: High',
      'Sent: Mar 1, 2025 10:30 AM ET',
      'Read: Mar 2, 2025 9:05 AM ET',
    ]);
    expect(lines.body.filter(Boolean)).toEqual(['Homework', 'Practice 10 minutes a day.', 'Sit', 'Stay']);
    expect((await messagePdfLines(message({ subject: '!!!' }))).fileName).toBe('message-m-1.pdf');
  });

  it.each(XSS)('keeps %s as inert text: no markup, no javascript: link', async (payload) => {
    const lines = await messagePdfLines(message({ subject: payload, content: `Hello\n\n${payload}` }));
    expect([lines.title, ...lines.meta, ...lines.body].every((l) => typeof l === 'string')).toBe(true);
    if (payload.startsWith('[')) {
      // A Markdown link keeps its words and loses its target.
      expect(lines.body.filter(Boolean)).toEqual(['Hello', payload.startsWith('[x]') ? 'x' : 'click me']);
      expect(lines.body.join('\n')).not.toMatch(/javascript:/i);
    } else {
      // Raw HTML stays as the characters the trainer typed: text, never interpreted.
      expect(lines.body.filter(Boolean)).toEqual(['Hello', payload]);
    }

    // The file holds text only: no link annotations, actions or scripts.
    const pdf = await pdfText(message({ subject: payload, content: payload }));
    expect(pdf).not.toMatch(/\/URI|\/JavaScript|\/JS\b|\/Launch|\/Annots|\/AA\b/);
  });

  it('writes raw HTML in the PDF as escaped text', async () => {
    const pdf = await pdfText(message({ content: '<a href="javascript:alert(2)">link</a>' }));
    expect(pdf).toContain('(<a href="javascript:alert\\(2\\)">link</a>) Tj');
    expect(pdf).not.toMatch(/\/URI|\/JavaScript|\/Annots/);
  });

  it('writes a real PDF and breaks long content onto more pages', async () => {
    const bytes = new Uint8Array((await createMessagePdf(message())).output('arraybuffer'));
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('%PDF');

    const long = await createMessagePdf(message({ content: 'A long paragraph about practice. '.repeat(600) }));
    expect(long.getNumberOfPages()).toBeGreaterThan(1);
  });
});
