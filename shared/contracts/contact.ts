import { z } from 'zod';
import { CONTACT_STATUSES, DOG_SEXES, PROGRAM_KEYS } from './contact-options.js';

export * from './contact-options.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Body of POST /api/public/contact (the spec's contactData). Unknown fields are rejected.
 * `website` is a honeypot: people never see it, so a value means a bot.
 */
export const contactRequestSchema = z.strictObject({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address')),
  phone: text('Phone', 40).regex(/^[0-9+().\-\s]{7,40}$/, 'Phone must be a valid phone number'),
  program: z.enum(PROGRAM_KEYS, { error: 'Program must be one of the listed programs' }),
  message: text('Message', 5000),
  dogName: text("Dog's name", 100),
  dogBreed: text('Breed', 100),
  dogBirthDate: z.iso.date({ error: 'Birth date must be a date (YYYY-MM-DD)' }),
  dogSex: z.enum(DOG_SEXES, { error: 'Sex must be male or female' }),
  website: z.string().max(200).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const listContactSubmissionsQuery = z.strictObject({
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : ['new']))
    .pipe(z.array(z.enum(CONTACT_STATUSES, { error: 'status must be new, contacted, converted or removed' }))),
});
