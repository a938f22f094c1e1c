import * as z from '../zod.js';
import { latestDateAnywhere } from './birth-date.js';
import { cursorParam, limitParam } from './pagination.js';
import { CERTIFICATE_TYPES, MAX_CERTIFICATE_BYTES, VACCINATION_TEXTS as T, VACCINES } from './vaccination-options.js';

export * from './vaccination-options.js';

/** Request schemas of vaccination records (unknown fields refused). */

const day = (message: string) =>
  z.pipe(z.string({ error: message }).check(z.trim(), z.maxLength(10, message)), z.iso.date(message));

/** POST /api/dogs/{dogId}/vaccinations and PUT /api/vaccinations/{recordId}: the whole record. */
export const vaccinationRequest = z
  .strictObject({
    vaccine: z.enum(VACCINES, { error: T.vaccineInvalid }),
    /** The vaccine's name when `vaccine` is `other` (ignored otherwise). */
    otherName: z.optional(
      z.nullable(z.string({ error: T.otherNameRequired }).check(z.trim(), z.maxLength(100, T.otherNameRequired))),
    ),
    givenOn: day(T.givenOnInvalid).check(z.refine((d) => d <= latestDateAnywhere(), T.givenOnFuture)),
    expiresOn: day(T.expiresOnInvalid),
    clinic: z
      .string({ error: T.clinicRequired })
      .check(
        z.trim(),
        z.minLength(1, T.clinicRequired),
        z.maxLength(200, 'Veterinary clinic must be at most 200 characters'),
      ),
    /** An uploaded certificate's key (POST /api/uploads/certificate); null removes the certificate, absent keeps it. */
    certificateKey: z.optional(
      z.nullable(z.string({ error: 'certificateKey must be text' }).check(z.minLength(1), z.maxLength(500))),
    ),
  })
  .check(
    z.refine((r) => r.expiresOn > r.givenOn, { error: T.expiresAfterGiven, path: ['expiresOn'] }),
    z.refine((r) => r.vaccine !== 'other' || !!r.otherName, { error: T.otherNameRequired, path: ['otherName'] }),
  );
export type VaccinationRequest = z.infer<typeof vaccinationRequest>;

/** POST /api/uploads/certificate: what the browser is about to send. */
export const certificateUploadRequest = z.strictObject({
  contentType: z.enum(CERTIFICATE_TYPES, { error: T.certificateInvalid }),
  size: z
    .number({ error: 'size is required' })
    .check(z.int(), z.gte(1, 'The file is empty'), z.lte(MAX_CERTIFICATE_BYTES, T.certificateTooLarge)),
});

const pathId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.minLength(1, `${label} is required`), z.maxLength(100, `${label} is not valid`));

export const recordPathParams = z.object({ recordId: pathId('Record id') });

/** GET /api/vaccinations/due. */
export const dueQuery = z.strictObject({
  filter: z.optional(z.enum(['expiring', 'missing'], { error: 'filter must be expiring or missing' })),
  cursor: cursorParam,
  limit: limitParam,
});
