import { describe, expect, it } from 'vitest';
import { behaviorPath } from '../../infra/local/site-server.js';
import { assertPlainObjectKey, isPlainObjectKey, isPublicMediaKey } from '../../shared/media-keys.js';

describe('object keys (docs/decisions/0036-media-paths-and-object-keys.md)', () => {
  it('a plain key has non-empty segments, none . or .., and no backslash or control character', () => {
    for (const key of ['media/website/hero/a-1.webp', 'clients/abc/dogs/x.png', 'uploads/website/hero/a-1.jpg']) {
      expect(isPlainObjectKey(key), key).toBe(true);
    }
    for (const key of [
      '',
      '/media/a.png',
      'media/../clients/a.png',
      'media/./a.png',
      'media//a.png',
      'media/a/',
      'media/..',
      'media\\..\\clients\\a.png',
      'media/a\u0000.png',
      'media/a\n.png',
      `media/${'a'.repeat(1020)}`,
    ]) {
      expect(isPlainObjectKey(key), JSON.stringify(key)).toBe(false);
      expect(() => assertPlainObjectKey(key)).toThrow('Refused object key');
    }
  });

  it('only plain keys under media/ are public', () => {
    expect(isPublicMediaKey('media/website/hero/a-1.webp')).toBe(true);
    expect(isPublicMediaKey('clients/abc/certificates/x.png')).toBe(false);
    expect(isPublicMediaKey('media/../clients/abc/certificates/x.png')).toBe(false);
    expect(isPublicMediaKey('mediax/a.png')).toBe(false);
  });

  it('matches behaviors on the path as CloudFront normalises it (unreserved escapes decoded, dot segments removed)', () => {
    expect(behaviorPath('/media/../clients/a.png')).toBe('/clients/a.png');
    expect(behaviorPath('/media/%2e%2e/clients/a.png')).toBe('/clients/a.png');
    expect(behaviorPath('/media/.%2E/clients/a.png')).toBe('/clients/a.png');
    expect(behaviorPath('/%6Dedia/a.png')).toBe('/media/a.png');
    expect(behaviorPath('/media/..%2fclients/a.png')).toBe('/media/..%2Fclients/a.png');
    expect(behaviorPath('/a/b/..')).toBe('/a/');
    expect(behaviorPath('/../../etc/passwd')).toBe('/etc/passwd');
    expect(behaviorPath('/media/website/x.webp')).toBe('/media/website/x.webp');
  });
});
