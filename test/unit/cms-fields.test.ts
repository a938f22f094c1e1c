import { describe, expect, it } from 'vitest';
import { fieldsOf, listToLines, normalizeFields, todayIso } from '../../shared/content/cms-fields.js';

describe('CMS field sets (SPEC 3, 5)', () => {
  it('gives each section its field set, and a section not listed one rich-text content field', () => {
    expect(fieldsOf('hero').map((f) => [f.key, f.type, Boolean(f.required)])).toEqual([
      ['heading', 'text', true],
      ['subheading', 'textarea', true],
      ['heading_color', 'color', false],
      ['subheading_color', 'color', false],
      ['background_image', 'image', false],
    ]);
    expect(fieldsOf('faq')).toEqual([{ key: 'content', label: 'Content', type: 'rich_text' }]);
    expect(fieldsOf('constructor')).toEqual(fieldsOf('faq'));
  });

  it('stores program features one per line, trimmed, empty lines dropped, as a JSON list, and reads them back as lines', () => {
    const r = normalizeFields('programs', {
      program_title: 'Puppy',
      description: 'D',
      features: ' Socialising \n\n  Crate training\r\n  ',
    });
    expect(r.ok && r.fields.features).toEqual({ type: 'json', value: '["Socialising","Crate training"]' });
    expect(listToLines('["Socialising","Crate training"]')).toBe('Socialising\nCrate training');
    // Already a list: kept as that list.
    const again = normalizeFields('programs', { program_title: 'P', description: 'D', features: '["A","B"]' });
    expect(again.ok && again.fields.features.value).toBe('["A","B"]');
  });

  it('refuses missing required fields, unknown keys and malformed values, naming each field', () => {
    const r = normalizeFields('tips', {
      title: ' ',
      excerpt: 'E',
      content: 'C',
      publish_date: '26/11/2026',
      featured_image: 'javascript:alert(1)',
      colour: '#fff',
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.problems).sort()).toEqual(['colour', 'featured_image', 'publish_date', 'title']);
    const hero = normalizeFields('hero', { heading: 'H', subheading: 'S', heading_color: 'red;x:url(y)' });
    expect(!hero.ok && hero.problems).toEqual({ heading_color: 'Heading colour must be a colour like #2563eb' });
  });

  it("gives a tip without a publish date today's date, and accepts site paths, https addresses and file names as images", () => {
    const r = normalizeFields('tips', {
      title: 'T',
      excerpt: 'E',
      content: 'C',
      featured_image: '/media/website/tips/featured_image-1732612345678.webp',
    });
    expect(r.ok && r.fields.publish_date.value).toBe(todayIso());
    for (const image of ['https://example.com/a.jpg', 'photo.png', '/images/default-dog.webp']) {
      expect(normalizeFields('testimonials', { client_name: 'C', testimonial_text: 'T', photo: image }).ok, image).toBe(
        true,
      );
    }
  });
});
