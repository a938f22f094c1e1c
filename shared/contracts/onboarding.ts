import * as z from '../zod.js';
import { latestDateAnywhere } from './birth-date.js';
import { DOG_FUTURE_TEXT } from './client-options.js';
import {
  DOG_SEXES,
  HOW_HEARD_OPTIONS,
  isCompleteDog,
  ONBOARDING_LAST_STEP,
  ONBOARDING_MAX_DOGS,
  SPAYED_NEUTERED,
} from './onboarding-options.js';

export * from './onboarding-options.js';

/**
 * Request schemas of the onboarding wizard. Unknown fields are refused at every level (strict
 * objects), so nothing but the listed fields reaches the profile: no role, owner, state or notes.
 *
 * The draft (PUT) is lenient: any field may be empty, so a half-filled wizard can always be saved,
 * but every field is bounded. The completion (POST .../complete) is strict: first and last name are
 * required, and every dog that has a name, a breed and a birth date must have a real, past birth
 * date; dogs missing one of the three are left out (SPEC 5), not refused.
 */

/** Text that may be empty: trimmed, at most `max` characters; missing becomes ''. */
const text = (label: string, max: number) =>
  z._default(
    z.pipe(
      z
        .string({ error: `${label} must be text` })
        .check(z.maxLength(max, `${label} must be at most ${max} characters`)),
      z.transform((s: string) => s.trim()),
    ),
    '',
  );

const HOW_HEARD_TEXT = `How did you hear about us must be one of: ${HOW_HEARD_OPTIONS.join(', ')}`;
const howHeard = z._default(z.union([z.literal(''), z.enum(HOW_HEARD_OPTIONS)], { error: HOW_HEARD_TEXT }), '');

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Draft birth date: empty, or a date (YYYY-MM-DD); not checked against today until completion. */
const draftBirthDate = z._default(
  z.string({ error: 'Birth date must be text' }).check(
    z.trim(),
    z.maxLength(10, 'Birth date must be a date (YYYY-MM-DD)'),
    z.refine((s) => s === '' || (isoDate.test(s) && z.iso.date().safeParse(s).success), {
      error: 'Birth date must be a date (YYYY-MM-DD)',
    }),
  ),
  '',
);

const dog = z.strictObject({
  name: text('Dog name', 100),
  breed: text('Breed', 100),
  birthDate: draftBirthDate,
  sex: z._default(z.union([z.literal(''), z.enum(DOG_SEXES)], { error: 'Sex must be male or female' }), ''),
  spayedNeutered: z._default(z.enum(SPAYED_NEUTERED, { error: 'Spayed/neutered must be yes or no' }), ''),
  weight: text('Weight', 30),
  medicalConditions: text('Medical conditions', 1000),
  medications: text('Medications', 1000),
  behavioralNotes: text('Behavioral notes', 2000),
  trainingGoals: text('Training goals', 2000),
});

const personalInfo = z.strictObject({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  /** The account's e-mail, shown read-only; the server checks it is unchanged (or left out). */
  email: z._default(z.string({ error: 'Email must be text' }).check(z.trim(), z.toLowerCase(), z.maxLength(254)), ''),
  phone: text('Phone', 40),
  address: text('Address', 300),
  emergencyContact: text('Emergency contact', 100),
  emergencyPhone: text('Emergency phone', 40),
});

const trainingInfo = z.strictObject({
  previousTraining: text('Previous training', 2000),
  trainingGoals: text('Training goals', 2000),
  specificIssues: text('Specific issues', 2000),
  howHeardAboutUs: howHeard,
});

const dogs = z
  .array(dog, { error: 'dogs must be a list' })
  .check(z.maxLength(ONBOARDING_MAX_DOGS, `At most ${ONBOARDING_MAX_DOGS} dogs can be added during onboarding`));

/** SPEC 3: the onboarding data, every field allowed to be empty. */
export const onboardingData = z.strictObject(
  {
    personalInfo: z._default(personalInfo, () => personalInfo.parse({})),
    dogInfo: z._default(z.strictObject({ dogs: z._default(dogs, []) }), { dogs: [] }),
    trainingInfo: z._default(trainingInfo, () => trainingInfo.parse({})),
  },
  { error: 'data must be the onboarding data (personalInfo, dogInfo, trainingInfo)' },
);

/** PUT /api/me/onboarding: the draft and the step the wizard is on (0 to 3). */
export const saveOnboardingRequest = z.strictObject({
  step: z
    .number({ error: 'step must be a number from 0 to 3' })
    .check(
      z.int('step must be a number from 0 to 3'),
      z.gte(0, 'step must be a number from 0 to 3'),
      z.lte(ONBOARDING_LAST_STEP, 'step must be a number from 0 to 3'),
    ),
  data: onboardingData,
});

const NAMES_REQUIRED = 'First name and last name are required';

/** POST /api/me/onboarding/complete: the wizard's data, checked as it will be stored. */
export const completeOnboardingRequest = z.strictObject({ data: onboardingData }).check(
  z.superRefine(({ data }, ctx) => {
    if (!data.personalInfo.firstName) {
      ctx.addIssue({ code: 'custom', path: ['data', 'personalInfo', 'firstName'], message: NAMES_REQUIRED });
    }
    if (!data.personalInfo.lastName) {
      ctx.addIssue({ code: 'custom', path: ['data', 'personalInfo', 'lastName'], message: NAMES_REQUIRED });
    }
    data.dogInfo.dogs.forEach((d, i) => {
      if (isCompleteDog(d) && d.birthDate > latestDateAnywhere()) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'dogInfo', 'dogs', i, 'birthDate'],
          message: DOG_FUTURE_TEXT,
        });
      }
    });
  }),
);
