// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../test/factories/xss-payloads';
import { markdownToSafeHtml, markdownToText } from './markdown-render';

describe('markdownToSafeHtml', () => {
  it('renders the Markdown a trainer writes', () => {
    const html = markdownToSafeHtml(
      '# Week 1\n\n**Sit** and *stay*\n\n- one\n- two\n\n[Guide](https://example.com/guide)',
    );
    expect(html).toContain('<h1>Week 1</h1>');
    expect(html).toContain('<strong>Sit</strong>');
    expect(html).toContain('<em>stay</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('href="https://example.com/guide"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('turns line breaks into breaks (SPEC rich text rules)', () => {
    expect(markdownToSafeHtml('line one\nline two')).toContain('<br>');
  });

  it.each(XSS_PAYLOADS)('renders %s inert', (payload) => {
    const html = markdownToSafeHtml(payload);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script, svg, img, iframe, object, embed, style').length).toBe(0);
    for (const el of doc.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${el.tagName} has ${attr}`).toBe(false);
        expect(attr).not.toBe('style');
      }
    }
    for (const a of doc.querySelectorAll('a[href]')) {
      expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:)/i);
    }
  });

  it('shows raw HTML as text instead of dropping what the trainer wrote', () => {
    expect(markdownToText('<b>hi</b>')).toBe('<b>hi</b>');
  });
});
