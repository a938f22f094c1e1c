import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseEnv, readEnv } from '../../shared/config/env.js';
import { analyticsEventSchema } from '../../shared/contracts/analytics.js';
import {
  attachPhotoRequest,
  createClientRequest,
  dogRequest,
  updateClientRequest,
} from '../../shared/contracts/clients.js';
import { contactSubmissionParams } from '../../shared/contracts/contact.js';
import { signupRequest } from '../../shared/contracts/signup.js';

/**
 * The schemas are built with zod/mini (shared/zod.ts, ADR 0016), which loads no locale by itself: every
 * message zod writes (those the contracts do not set) would be "Invalid input". shared/zod.ts registers
 * English, so the texts are those classic zod gave.
 */
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('zod messages (zod/mini with the English locale)', () => {
  it('zod/mini alone writes only "Invalid input" (why shared/zod.ts registers English)', async () => {
    const script = `import * as z from 'zod/mini';
      console.log(z.object({ key: z.string() }).safeParse({ key: 5 }).error.issues[0].message);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(stdout.trim()).toBe('Invalid input');
  });

  it("zod's own messages are the English ones classic zod wrote", () => {
    expect(messages(contactSubmissionParams.safeParse({ id: 5 }))).toEqual([
      'id: Invalid input: expected string, received number',
    ]);
    expect(messages(contactSubmissionParams.safeParse({ id: '' }))).toEqual([
      'id: Too small: expected string to have >=1 characters',
    ]);
    expect(messages(contactSubmissionParams.safeParse({ id: 'x'.repeat(101) }))).toEqual([
      'id: Too big: expected string to have <=100 characters',
    ]);
    expect(messages(attachPhotoRequest.safeParse({ key: 'k', owner: 'me' }))).toEqual([': Unrecognized key: "owner"']);
    expect(messages(attachPhotoRequest.safeParse('k'))).toEqual([': Invalid input: expected object, received string']);
    expect(
      messages(analyticsEventSchema.safeParse({ name: 'form_submit', form_name: 'other', has_dog_info: true })),
    ).toEqual(['form_name: Invalid input: expected "contact_form"']);
  });

  it('environment problems are listed in English', () => {
    expect(() => readEnv(baseEnv, { DYNAMODB_ENDPOINT: 'not a url' })).toThrow(
      'Invalid environment configuration:\n  - TABLE_NAME: Invalid input: expected string, received undefined\n  - DYNAMODB_ENDPOINT: Invalid URL',
    );
    expect(readEnv(baseEnv, { TABLE_NAME: 't' })).toEqual({ AWS_REGION: 'us-east-1', TABLE_NAME: 't' });
  });

  it('the contracts keep their own messages, transforms and defaults', () => {
    expect(messages(dogRequest.safeParse({ name: ' ', breed: 'Lab', birthDate: '2999-01-01' }))).toEqual([
      'name: Name, breed, and birth date are required',
      'birthDate: Birth date cannot be in the future',
    ]);
    const client = createClientRequest.parse({
      firstName: ' Ann ',
      lastName: 'Lee',
      email: ' Ann@Example.COM ',
      phone: '  ',
      notes: ' x ',
    });
    expect(client).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: null,
      notes: 'x',
      sendInvitation: true,
    });
    expect(messages(createClientRequest.safeParse({ firstName: 'A', lastName: 'B', email: 'nope' }))).toEqual([
      'email: Email must be a valid email address',
    ]);
  });

  it('each screen takes its own how-heard list (SPEC 3): create-client, then signup and edit', () => {
    const create = (howHeardAboutUs: string) =>
      createClientRequest.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', howHeardAboutUs });
    expect(create('Walk-in').data?.howHeardAboutUs).toBe('Walk-in');
    expect(create('').data?.howHeardAboutUs).toBeNull();
    expect(messages(create('Facebook'))).toEqual([
      'howHeardAboutUs: How did you hear about us must be one of: Google Search, Social Media, Referral, Vet Recommendation, Local Advertisement, Walk-in, Other',
    ]);
    const update = (howHeardAboutUs: string) =>
      updateClientRequest.safeParse({ firstName: 'A', lastName: 'B', howHeardAboutUs });
    for (const o of ['Facebook', 'Instagram', 'Yelp']) expect(update(o).data?.howHeardAboutUs).toBe(o);
    expect(messages(update('Walk-in'))).toEqual([
      'howHeardAboutUs: How did you hear about us must be one of: Google Search, Facebook, Instagram, Referral, Vet Recommendation, Yelp, Other',
    ]);
    const signup = (howHeardAboutUs: string) =>
      signupRequest.safeParse({
        token: 't',
        email: 'a@b.co',
        password: 'Sunny-Days-42',
        firstName: 'A',
        lastName: 'B',
        dogName: 'Rex',
        dogBreed: 'Lab',
        dogBirthDate: '2020-01-01',
        howHeardAboutUs,
      });
    expect(signup('Yelp').data?.howHeardAboutUs).toBe('Yelp');
    expect(signup('Social Media').success).toBe(false);
  });
});
