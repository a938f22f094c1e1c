import { Fragment, type ReactNode } from 'react';

/**
 * Renders the site's light markup (SPEC 9 rich text rules): line breaks become <br>, **bold** and
 * *italic*. Builds React nodes, never HTML strings, so content cannot inject markup.
 */
export function InlineMarkup({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, re-rendered whole; the position is their identity.
        <Fragment key={i}>
          {i > 0 && <br />}
          {renderEmphasis(line)}
        </Fragment>
      ))}
    </>
  );
}

function renderEmphasis(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let last = 0;
  for (const m of line.matchAll(pattern)) {
    const index = m.index ?? 0;
    if (index > last) out.push(line.slice(last, index));
    out.push(m[1] !== undefined ? <strong key={index}>{m[1]}</strong> : <em key={index}>{m[2]}</em>);
    last = index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}
