import type { ReactNode } from 'react';
import { InlineMarkup } from './inline-markup';

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: 1 | 2 | 3; text: string }
  | { kind: 'ul' | 'ol'; items: string[] };

/** Splits rich text into paragraphs (blank lines), headings (# / ## / ###, when enabled) and simple lists. */
export function parseRichText(text: string, headings: boolean): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  const flush = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = headings ? /^(#{1,3})\s+(.+)$/.exec(line) : null;
    if (heading) {
      flush();
      blocks.push({ kind: 'h', level: heading[1].length as 1 | 2 | 3, text: heading[2].trim() });
      continue;
    }
    const bullet = /^[-\u2022]\s+(.+)$/.exec(line);
    const numbered = /^\d{1,3}[.)]\s+(.+)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      if (current?.kind !== kind) {
        flush();
        current = { kind, items: [] };
      }
      (current as { items: string[] }).items.push(item[1]);
      continue;
    }
    if (current?.kind !== 'p') {
      flush();
      current = { kind: 'p', lines: [] };
    }
    current.lines.push(line);
  }
  flush();
  return blocks;
}

/**
 * The HTML level of each heading block, in order, so the outline under the page's heading is valid
 * whatever marks the author used: the highest mark present becomes `top` (an article written with
 * ## / ### gets h2 / h3, one with # / ## / ### gets h2 / h3 / h4), unused marks leave no gap, and no
 * heading goes more than one level below the one before it (nor above `top`).
 */
export function headingLevels(marks: readonly number[], top: number): number[] {
  const used = [...new Set(marks)].sort((a, b) => a - b);
  let previous = top - 1;
  return marks.map((mark) => {
    const level = Math.min(6, top + used.indexOf(mark), previous + 1);
    previous = level;
    return level;
  });
}

/**
 * Block rich text (SPEC 9 rich text rules): blank lines separate paragraphs, single line breaks become
 * <br>, **bold** and *italic*, and with `headings` the tips' # / ## / ### headings (from `headingLevel`
 * down, relative to the marks used: see headingLevels, so they sit in order under the page's h1).
 * Lines starting with "- " or "1. " form lists.
 * Everything becomes React elements: markup in the content is shown as text, never parsed as HTML.
 */
export function RichText({
  text,
  headings = false,
  headingLevel = 2,
  className,
}: {
  text: string;
  headings?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const blocks = parseRichText(text, headings);
  const levels = headingLevels(
    blocks.flatMap((b) => (b.kind === 'h' ? [b.level] : [])),
    headingLevel,
  );
  let nextHeading = 0;
  const out: ReactNode[] = blocks.map((b, i) => {
    switch (b.kind) {
      case 'h': {
        const Tag = `h${levels[nextHeading++]}` as 'h2' | 'h3' | 'h4' | 'h5';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, re-rendered whole; the position is their identity.
          <Tag key={i}>
            <InlineMarkup text={b.text} />
          </Tag>
        );
      }
      case 'ul':
      case 'ol': {
        const List = b.kind;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, re-rendered whole; the position is their identity.
          <List key={i}>
            {b.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of one list, re-rendered whole.
              <li key={j}>
                <InlineMarkup text={item} />
              </li>
            ))}
          </List>
        );
      }
      default:
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, re-rendered whole; the position is their identity.
          <p key={i}>
            <InlineMarkup text={b.lines.join('\n')} />
          </p>
        );
    }
  });
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{out}</div>;
}
