import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, sniffImageType } from '../../shared/domain/image-check.js';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46);
const WEBP = new Uint8Array([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 ')]);

describe('sniffImageType (the real type from the first bytes)', () => {
  it('recognises JPEG, PNG and WebP by their magic bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('reads a view into a larger buffer from its own offset', () => {
    const backing = new Uint8Array([1, 2, 3, ...PNG]);
    expect(sniffImageType(backing.subarray(3))).toBe('image/png');
  });

  it('recognises SVG documents after a BOM, whitespace, XML declaration, comments and doctype', () => {
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('image/svg+xml');
    expect(
      sniffImageType(
        text(
          '\uFEFF  \n<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n' +
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg>',
        ),
      ),
    ).toBe('image/svg+xml');
  });

  it('refuses scripts, HTML and text whatever their file name says', () => {
    expect(sniffImageType(text('<script>alert(1)</script>'))).toBeUndefined();
    expect(sniffImageType(text('#!/bin/sh\nrm -rf /\n'))).toBeUndefined();
    expect(sniffImageType(text('<html><body><svg></svg></body></html>'))).toBeUndefined();
    expect(sniffImageType(text('<svgx>'))).toBeUndefined();
    expect(sniffImageType(text('<?xml version="1.0"?><html/>'))).toBeUndefined();
  });

  it('refuses other binary formats, truncated headers and empty input', () => {
    expect(sniffImageType(text('GIF89a'))).toBeUndefined();
    expect(sniffImageType(text('%PDF-1.7'))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([...text('RIFF'), 0, 0, 0, 0, ...text('WAVE')]))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('maps each type to its extension and caps images at 10 MB', () => {
    expect(IMAGE_EXTENSIONS).toEqual({
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
      'image/svg+xml': 'svg',
    });
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });
});
