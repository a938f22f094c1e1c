import type { jsPDF } from 'jspdf';
import { type AdminMessage, MESSAGE_PRIORITY_LABELS, MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';
import { formatDateTime } from '../../lib/format';
import { loadMarkdown } from '../../lib/markdown';

/** What the PDF of a message says: plain text only (Markdown rendered to text, never markup or links). */
export interface MessagePdfLines {
  fileName: string;
  title: string;
  meta: string[];
  /** The content's lines, as the reader sees them (wrapped to the page when written). */
  body: string[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

export async function messagePdfLines(m: AdminMessage): Promise<MessagePdfLines> {
  const { markdownToText } = await loadMarkdown();
  return {
    fileName: `message-${slug(m.subject) || slug(m.id) || 'export'}.pdf`,
    title: m.subject,
    meta: [
      `To: ${m.recipientName}`,
      `From: ${m.senderName}`,
      `Type: ${MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType}`,
      `Priority: ${MESSAGE_PRIORITY_LABELS[m.priority] ?? m.priority}`,
      m.status === 'scheduled'
        ? `Scheduled for: ${formatDateTime(m.scheduledFor)}`
        : `Sent: ${formatDateTime(m.sentAt)}`,
      `Read: ${m.readAt ? formatDateTime(m.readAt) : 'Not yet'}`,
    ],
    body: markdownToText(m.content).split('\n'),
  };
}

const MARGIN = 54;

/** Writes `lines` on US Letter pages: title, meta lines, a rule, then the content, breaking pages as needed. */
function writePdf(JsPdf: typeof jsPDF, lines: MessagePdfLines): jsPDF {
  const doc = new JsPdf({ unit: 'pt', format: 'letter' });
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const write = (text: string, size: number, style: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', style).setFontSize(size);
    const height = size * 1.4;
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      if (y + height > bottom) {
        doc.addPage();
        y = MARGIN;
      }
      doc.text(line, MARGIN, y + size);
      y += height;
    }
  };
  write(lines.title, 16, 'bold');
  y += 4;
  doc.setTextColor(80);
  for (const line of lines.meta) write(line, 10);
  doc.setTextColor(0);
  y += 8;
  doc.setDrawColor(200).line(MARGIN, y, MARGIN + width, y);
  y += 12;
  for (const line of lines.body) write(line || ' ', 11);
  return doc;
}

/** The message as a PDF document; jsPDF is loaded only when a PDF is asked for. */
export async function createMessagePdf(message: AdminMessage): Promise<jsPDF> {
  const [{ jsPDF: JsPdf }, lines] = await Promise.all([import('jspdf'), messagePdfLines(message)]);
  return writePdf(JsPdf, lines);
}

/** Export PDF: saves `message-<slug>.pdf`. */
export async function exportMessagePdf(message: AdminMessage): Promise<void> {
  const doc = await createMessagePdf(message);
  doc.save((await messagePdfLines(message)).fileName);
}
