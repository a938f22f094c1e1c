import { describe, expect, it } from 'vitest';
import { searchTokensFor } from '../../shared/domain/search.js';

describe('client search tokens', () => {
  it('are distinct once cut to their stored length, so one write never puts the same token twice', () => {
    // A 100-letter first name: the name word and the "first last" token share their first 64 letters.
    const tokens = searchTokensFor({ firstName: 'x'.repeat(100), lastName: 'FrdnR', email: 'a@example.com' });
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).toContain('x'.repeat(64));
    expect(tokens).toContain('frdnr');
  });

  it('keep every word, the e-mail and its parts, and the phone digits', () => {
    expect(
      searchTokensFor({ firstName: 'Ana', lastName: 'Ito-Reyes', email: 'Ana.I@Example.com', phone: '941-5550' }),
    ).toEqual([
      'ana',
      'ito',
      'reyes',
      'ana ito-reyes',
      'ana.i@example.com',
      'i',
      'example.com',
      '9415550',
      '415550',
      '15550',
      '5550',
      '550',
    ]);
  });
});
