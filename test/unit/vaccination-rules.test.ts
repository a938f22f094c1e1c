import { describe, expect, it } from 'vitest';
import { vaccinationGaps, vaccinationWarning } from '../../shared/contracts/vaccination-options.js';
import { vaccinationRequest } from '../../shared/contracts/vaccinations.js';
import { vaccinationReminderTime } from '../../shared/domain/vaccination-reminders.js';
import { dueOnOf, missingOf, sniffCertificateType } from '../../shared/domain/vaccinations.js';

const required = ['rabies', 'dhpp', 'bordetella'] as const;

describe('vaccination rules', () => {
  it('a record covers through its expiry date; missing, expired and expiring are told apart', () => {
    const expiries = { rabies: '2026-12-01', dhpp: '2026-11-30' };
    expect(vaccinationGaps(expiries, required, '2026-12-01')).toEqual([
      { vaccine: 'dhpp', state: 'expired', expiresOn: '2026-11-30' },
      { vaccine: 'bordetella', state: 'missing' },
    ]);
    expect(vaccinationGaps({ rabies: '2026-12-31' }, ['rabies'], '2026-12-01', 30)).toEqual([
      { vaccine: 'rabies', state: 'expiring', expiresOn: '2026-12-31' },
    ]);
    expect(vaccinationGaps({ rabies: '2027-01-01' }, ['rabies'], '2026-12-01', 30)).toEqual([]);
  });

  it('the lists sort by the first recorded required expiry and flag a missing one', () => {
    expect(dueOnOf({ rabies: '2027-03-01', dhpp: '2027-01-01', leptospirosis: '2026-01-01' }, required)).toBe(
      '2027-01-01',
    );
    expect(dueOnOf({}, required)).toBe('9999-12-31');
    expect(missingOf({ rabies: '2027-03-01' }, required)).toBe('missing');
    expect(missingOf({ rabies: '2027-03-01' }, ['rabies'])).toBe('complete');
  });

  it('the session warning names what is missing and what is expired', () => {
    expect(vaccinationWarning([], 'Rex')).toBeUndefined();
    expect(
      vaccinationWarning(
        [
          { vaccine: 'rabies', state: 'expired', expiresOn: '2026-01-01' },
          { vaccine: 'dhpp', state: 'missing' },
        ],
        'Rex',
      ),
    ).toBe("Rex's required vaccinations are not in order on the session's date: missing DHPP; expired Rabies.");
  });

  it('reminders go at 9:00 business time, across daylight saving', () => {
    expect(vaccinationReminderTime('2027-01-31', 7, 'America/New_York')).toBe('2027-01-24T14:00:00.000Z');
    expect(vaccinationReminderTime('2027-07-31', 30, 'America/New_York')).toBe('2027-07-01T13:00:00.000Z');
  });

  it('a certificate is a PDF or a raster image by its bytes, never an SVG', () => {
    expect(sniffCertificateType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffCertificateType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffCertificateType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniffCertificateType(Buffer.from('MZ'))).toBeUndefined();
  });

  it('the request needs an expiry after the date given and a name for another vaccine', () => {
    const base = { vaccine: 'rabies', givenOn: '2026-01-01', expiresOn: '2027-01-01', clinic: 'Vet' };
    expect(vaccinationRequest.safeParse(base).success).toBe(true);
    expect(vaccinationRequest.safeParse({ ...base, expiresOn: '2026-01-01' }).success).toBe(false);
    expect(vaccinationRequest.safeParse({ ...base, vaccine: 'other' }).success).toBe(false);
    expect(vaccinationRequest.safeParse({ ...base, vaccine: 'other', otherName: 'Lyme' }).success).toBe(true);
    expect(vaccinationRequest.safeParse({ ...base, clinic: '  ' }).success).toBe(false);
  });
});
