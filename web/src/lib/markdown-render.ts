import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * The Markdown renderer (marked + DOMPurify, about 27 KB gzip), loaded only when a screen shows Markdown
 * (markdown.tsx). Message and template content is Markdown written by the trainer and read by clients. It renders
 * through marked with raw HTML turned into text (no passthrough), then DOMPurify with a short
 * allow-list: no scripts, no event handlers, no SVG, no images, and links only to http(s) and mailto.
 */
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Raw HTML in the source is shown as text, never interpreted.
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const SAFE_URL = /^(?:https?:|mailto:)/i;

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? '';
        if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
        else {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      }
    });
  }
  return DOMPurify;
}

/** Safe HTML of `markdown` (see above). */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown ?? '') as string;
  return purifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'align'],
    ALLOW_DATA_ATTR: false,
  });
}

/** Plain text of `markdown` (copy to clipboard, PDF, previews): the rendered text, no markup. */
export function markdownToText(markdown: string): string {
  const html = markdownToSafeHtml(markdown)
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|li|h\d|tr|blockquote|pre)>/g, '$&\n');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
