import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listClients } from '../../shared/domain/clients.js';
import { createContactSubmission } from '../../shared/domain/contact-submissions.js';
import { listDogsOfProfile } from '../../shared/domain/dogs.js';
import { completeOnboarding, initialOnboardingData } from '../../shared/domain/onboarding.js';
import { createProfile, getProfileById } from '../../shared/domain/profiles.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { onboardingBody, onboardingDog, reopenOnboarding } from './onboarding-helpers.js';
import { convertedClient, inviteClient, postSignup, signInAs, signupBody } from './signup-helpers.js';

const ALREADY = 'Your profile is already completed.';

let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser('admin');
});

/** A signed-in client whose profile is not completed yet (step 0, no draft). */
async function newClient(over: { firstName?: string; lastName?: string } = {}): Promise<TestUser> {
  const user = await createTestUser('client', over);
  await reopenOnboarding(user.profileId);
  return user;
}

const getState = (u: TestUser) => api('GET', '/api/me/onboarding', { token: u.idToken });
const save = (u: TestUser, body: unknown) => api('PUT', '/api/me/onboarding', { token: u.idToken, body });
const complete = (u: TestUser, body: unknown) => api('POST', '/api/me/onboarding/complete', { token: u.idToken, body });
const profileOf = async (u: TestUser) => {
  const p = await getProfileById(u.profileId);
  if (!p) throw new Error('profile vanished');
  return p;
};
const dogsOf = async (profileId: string) => (await listDogsOfProfile(profileId, { limit: 100 })).items;
const clientIds = async (filter: 'completed' | 'incomplete', search?: string) =>
  (await listClients({ filter, search, limit: 100 })).items.map((c) => c.id);

describe('the draft', () => {
  it('starts from the profile, then saves and restores the draft and the step', async () => {
    const c = await newClient({ firstName: 'Dana', lastName: 'Draft' });
    const first = await getState(c);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ step: 0, draft: false, profileCompleted: false });
    expect(first.body.data.personalInfo).toMatchObject({ firstName: 'Dana', lastName: 'Draft', email: c.email });
    // At least one dog form, empty without a contact submission.
    expect(first.body.data.dogInfo.dogs).toHaveLength(1);
    expect(first.body.data.dogInfo.dogs[0]).toMatchObject({ name: '', breed: '', birthDate: '', sex: '' });

    const data = onboardingBody({
      personalInfo: { firstName: '  Dana ', address: '' },
      dogs: [onboardingDog(), onboardingDog({ name: 'Half', breed: '', birthDate: '' })],
      trainingInfo: { howHeardAboutUs: '' },
    });
    const saved = await save(c, { step: 2, data });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const back = await getState(c);
    expect(back.body).toMatchObject({ step: 2, draft: true, profileCompleted: false });
    expect(back.body.data.personalInfo).toMatchObject({ firstName: 'Dana', address: '', email: c.email });
    expect(back.body.data.dogInfo.dogs.map((d: { name: string }) => d.name)).toEqual(['Juniper', 'Half']);
    expect(back.body.data.trainingInfo.howHeardAboutUs).toBe('');

    // Saving again replaces the draft (Previous goes back to step 1).
    expect((await save(c, { step: 1, data: onboardingBody({ dogs: [onboardingDog({ name: 'Solo' })] }) })).status).toBe(
      200,
    );
    const again = await getState(c);
    expect(again.body.step).toBe(1);
    expect(again.body.data.dogInfo.dogs.map((d: { name: string }) => d.name)).toEqual(['Solo']);
    // Nothing but the draft changed: the profile is still not completed, no dog exists yet.
    const p = await profileOf(c);
    expect(p.profileCompleted).toBe(false);
    expect(p.listState).toBe('incomplete');
    expect(await dogsOf(c.profileId)).toHaveLength(0);
  });

  it('another client never sees or changes your draft, and an admin has no wizard', async () => {
    const [a, b] = await Promise.all([newClient(), newClient()]);
    const marker = `Secret-${randomUUID()}`;
    expect(
      (await save(a, { step: 2, data: onboardingBody({ trainingInfo: { specificIssues: marker } }) })).status,
    ).toBe(200);
    const seenByB = await getState(b);
    expect(seenByB.status).toBe(200);
    expect(JSON.stringify(seenByB.body)).not.toContain(marker);
    expect(seenByB.body.data.personalInfo.email).toBe(b.email);
    // B saving and completing writes B's profile only.
    expect((await save(b, { step: 1, data: onboardingBody() })).status).toBe(200);
    expect((await complete(b, { data: onboardingBody({ dogs: [] }) })).status).toBe(200);
    const aState = await getState(a);
    expect(aState.body).toMatchObject({ step: 2, draft: true, profileCompleted: false });
    expect(aState.body.data.trainingInfo.specificIssues).toBe(marker);
    // The routes take no profile id: a profile id in the body is refused, not followed.
    const forged = await save(b, { step: 2, data: onboardingBody(), profileId: a.profileId });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toMatch(/profileId/);
    const asAdmin = await api('GET', '/api/me/onboarding', { token: admin.idToken });
    expect(asAdmin.status).toBe(403);
  });
});

describe('prefill from the contact submission', () => {
  it('fills the first dog and the missing personal info from the converted submission', async () => {
    const { submission, invited } = await convertedClient(admin);
    const body = signupBody(invited, { firstName: 'Carla', lastName: 'Convert', dogName: 'Moose' });
    expect((await postSignup(body)).status).toBe(201);
    const tokens = await signInAs(invited.email, body.password);
    const c = { ...tokens, email: invited.email, profileId: invited.profileId } as unknown as TestUser;

    const state = await getState(c);
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    expect(state.body.draft).toBe(false);
    expect(state.body.data.dogInfo.dogs[0]).toMatchObject({
      name: submission.dogName,
      breed: submission.dogBreed,
      birthDate: submission.dogBirthDate,
      sex: submission.dogSex,
    });
    expect(state.body.data.personalInfo).toMatchObject({ firstName: 'Carla', lastName: 'Convert', email: c.email });

    // Completing with the prefilled dog does not add a second Moose (the conversion created it):
    // the existing Moose takes the answers given in the wizard.
    const before = await dogsOf(c.profileId);
    expect(before.map((d) => d.name)).toEqual(['Moose']);
    const data = structuredClone(state.body.data);
    Object.assign(data.dogInfo.dogs[0], { breed: 'Labradoodle', behavioralNotes: 'Barks at bikes' });
    const done = await complete(c, { data });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.createdDogs).toEqual([]);
    const after = await dogsOf(c.profileId);
    expect(after.map((d) => [d.id, d.name, d.breed, d.behavioralNotes])).toEqual([
      [before[0].id, 'Moose', 'Labradoodle', 'Barks at bikes'],
    ]);
  });

  it('starts from the dog the signup stored (name, breed, birth date), not a blank dog, and completes without a second one', async () => {
    // A client the trainer invited (no contact submission): the signup form is where the dog was given.
    const invited = await inviteClient(admin);
    const body = signupBody(invited, { dogName: 'Pepper', dogBreed: 'Beagle', dogBirthDate: '2024-05-06' });
    expect((await postSignup(body)).status).toBe(201);
    const tokens = await signInAs(invited.email, body.password);
    const c = { ...tokens, email: invited.email, profileId: invited.profileId } as unknown as TestUser;

    const state = await getState(c);
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    expect(state.body).toMatchObject({ step: 0, draft: false, profileCompleted: false });
    expect(state.body.data.dogInfo.dogs).toEqual([
      expect.objectContaining({ name: 'Pepper', breed: 'Beagle', birthDate: '2024-05-06' }),
    ]);

    const [stored] = await dogsOf(c.profileId);
    const data = structuredClone(state.body.data);
    Object.assign(data.dogInfo.dogs[0], { sex: 'female', trainingGoals: 'Come when called' });
    const done = await complete(c, { data });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.createdDogs).toEqual([]);
    expect((await dogsOf(c.profileId)).map((d) => [d.id, d.name, d.breed, d.sex, d.trainingGoals])).toEqual([
      [stored.id, 'Pepper', 'Beagle', 'female', 'Come when called'],
    ]);
  });

  it('lists every dog the client already has, with what was stored about it', async () => {
    const c = await newClient();
    const added = await api('POST', `/api/clients/${c.profileId}/dogs`, {
      token: admin.idToken,
      body: {
        name: 'Biscuit',
        breed: 'Corgi',
        birthDate: '2021-08-09',
        sex: 'male',
        behavioralNotes: 'Shy',
        // As onboarding's completion writes a dog's health answers.
        medicalNotes: 'Medications: Joint supplement\nSpayed/neutered: Yes\nWeight: 30 lbs',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const state = await getState(c);
    expect(state.body.data.dogInfo.dogs).toEqual([
      expect.objectContaining({
        name: 'Biscuit',
        breed: 'Corgi',
        birthDate: '2021-08-09',
        sex: 'male',
        behavioralNotes: 'Shy',
        medications: 'Joint supplement',
        spayedNeutered: 'yes',
        weight: '30 lbs',
        medicalConditions: '',
      }),
    ]);
  });

  it('a profile made on first sign-in takes its names and phone from the submission with its e-mail', async () => {
    const email = `prefill-${randomUUID().slice(0, 12)}@example.com`;
    await createContactSubmission({
      firstName: 'Pia',
      lastName: 'Prefill',
      email,
      phone: '941-555-0161',
      program: 'puppyFoundations',
      message: 'New puppy',
      dogName: 'Noodle',
      dogBreed: 'Dachshund',
      dogSex: 'male',
      dogBirthDate: '2025-01-02',
    });
    // SPEC 4: the auto-created profile is named "User" with no last name.
    const profile = await createProfile({ userId: randomUUID(), role: 'client', firstName: 'User', email });
    const data = await initialOnboardingData(profile);
    expect(data.personalInfo).toMatchObject({ firstName: 'Pia', lastName: 'Prefill', phone: '941-555-0161', email });
    expect(data.dogInfo.dogs).toEqual([
      expect.objectContaining({ name: 'Noodle', breed: 'Dachshund', birthDate: '2025-01-02', sex: 'male' }),
    ]);
  });
});

describe('completion', () => {
  it('creates only the complete dogs and completes the profile, in the lists and search too', async () => {
    const tag = `zo${randomUUID().slice(0, 6)}`;
    const c = await newClient({ firstName: 'Before', lastName: `Oldname${tag}` });
    expect(await clientIds('incomplete')).toContain(c.profileId);
    expect((await save(c, { step: 3, data: onboardingBody() })).status).toBe(200);

    const data = onboardingBody({
      personalInfo: { firstName: 'After', lastName: `Newname${tag}`, email: c.email, address: '' },
      dogs: [
        onboardingDog(),
        onboardingDog({ name: 'No Breed', breed: '  ' }),
        onboardingDog({ name: 'No Date', birthDate: '' }),
        onboardingDog({
          name: 'Pip',
          breed: 'Terrier',
          birthDate: '2024-08-01',
          sex: '',
          spayedNeutered: '',
          weight: '',
          medicalConditions: '',
          medications: '',
          behavioralNotes: '',
          trainingGoals: '',
        }),
        onboardingDog({ name: '', breed: '', birthDate: '' }),
      ],
    });
    const started = new Date().toISOString();
    const res = await complete(c, { data });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ profileCompleted: true, createdDogs: ['Juniper', 'Pip'] });

    const p = await profileOf(c);
    expect(p).toMatchObject({
      firstName: 'After',
      lastName: `Newname${tag}`,
      email: c.email,
      phone: '(941) 555-0123',
      emergencyContact: 'Sam Onboarded',
      emergencyPhone: '941-555-0124',
      howHeardAboutUs: 'Vet Recommendation',
      profileCompleted: true,
      onboardingStep: 3,
      listState: 'complete',
    });
    expect(p.address).toBeUndefined();
    expect(p.onboardingData).toBeUndefined();
    expect(p.signupCompletedAt && p.signupCompletedAt >= started).toBe(true);

    const dogs = await dogsOf(c.profileId);
    expect(dogs.map((d) => d.name).sort()).toEqual(['Juniper', 'Pip']);
    const juniper = dogs.find((d) => d.name === 'Juniper');
    expect(juniper).toMatchObject({
      breed: 'Border Collie',
      birthDate: '2022-03-14',
      sex: 'female',
      behavioralNotes: 'Herds children',
      trainingGoals: 'Calm greetings',
      medicalNotes:
        'Medical conditions: Hip dysplasia (mild)\nMedications: Joint supplement\nSpayed/neutered: Yes\nWeight: 38 lbs',
    });
    const pip = dogs.find((d) => d.name === 'Pip');
    for (const k of ['sex', 'behavioralNotes', 'medicalNotes', 'trainingGoals']) expect(pip).not.toHaveProperty(k);

    // The client moved from the incomplete to the completed list; search follows the new name only.
    expect(await clientIds('incomplete')).not.toContain(c.profileId);
    expect(await clientIds('completed')).toContain(c.profileId);
    expect(await clientIds('completed', `newname${tag}`)).toContain(c.profileId);
    expect(await clientIds('completed', `oldname${tag}`)).not.toContain(c.profileId);

    // The client's own view agrees, and the wizard now says it is done.
    const me = await api('GET', '/api/me', { token: c.idToken });
    expect(me.body.profile).toMatchObject({ profileCompleted: true, onboardingStep: 3 });
    expect(me.body.profile).not.toHaveProperty('onboardingData');
    expect((await getState(c)).body).toEqual({ step: 3, data: null, draft: false, profileCompleted: true });
  });

  it('refuses a second completion and any draft once completed, changing nothing', async () => {
    const c = await newClient();
    expect((await complete(c, { data: onboardingBody() })).status).toBe(200);
    const after = await profileOf(c);
    const again = await complete(c, { data: onboardingBody({ dogs: [onboardingDog({ name: 'Second' })] }) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY);
    const draft = await save(c, { step: 1, data: onboardingBody() });
    expect(draft.status).toBe(409);
    expect(draft.body.error.message).toBe(ALREADY);
    expect(await profileOf(c)).toEqual(after);
    expect((await dogsOf(c.profileId)).map((d) => d.name)).toEqual(['Juniper']);
  });

  it('two completions at once: one wins, the other is refused, the dogs are created once', async () => {
    const c = await newClient();
    const results = await Promise.all([1, 2, 3].map(() => complete(c, { data: onboardingBody() })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await dogsOf(c.profileId)).map((d) => d.name)).toEqual(['Juniper']);
  });

  it('a transaction DynamoDB refuses leaves nothing half-written', async () => {
    const tag = `zf${randomUUID().slice(0, 6)}`;
    const c = await newClient({ firstName: 'Frozen', lastName: `Keep${tag}` });
    expect((await save(c, { step: 3, data: onboardingBody() })).status).toBe(200);
    const before = await profileOf(c);
    // The last dog is larger than a DynamoDB item may be (the API's body limit never lets this
    // through; the domain call does), so the whole transaction is refused after the profile item.
    const data = onboardingBody({
      personalInfo: { lastName: `Changed${tag}` },
      dogs: [onboardingDog(), onboardingDog({ name: 'Huge', behavioralNotes: 'x'.repeat(420 * 1024) })],
    });
    await expect(completeOnboarding({ id: c.profileId }, { data: data as never })).rejects.toThrow(/size/i);
    expect(await profileOf(c)).toEqual(before);
    expect(await dogsOf(c.profileId)).toHaveLength(0);
    expect(await clientIds('incomplete', `keep${tag}`)).toContain(c.profileId);
    expect(await clientIds('incomplete', `changed${tag}`)).not.toContain(c.profileId);
  });
});

describe('bad input', () => {
  it('answers 400 with a clear message and changes nothing', async () => {
    const c = await newClient();
    expect((await save(c, { step: 1, data: onboardingBody() })).status).toBe(200);
    const before = await profileOf(c);
    const tooMany = Array.from({ length: 11 }, (_, i) => onboardingDog({ name: `Dog ${i}` }));
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, 'save' | 'complete', unknown, RegExp][] = [
      ['step out of range', 'save', { step: 4, data: onboardingBody() }, /step must be a number from 0 to 3/],
      ['step not a number', 'save', { step: '2', data: onboardingBody() }, /step must be a number from 0 to 3/],
      ['no data', 'save', { step: 1 }, /data/],
      ['not JSON', 'save', undefined, /JSON|data|step/],
      [
        'unknown dog field',
        'save',
        { step: 2, data: onboardingBody({ dogs: [onboardingDog({ ownerId: 'x' })] }) },
        /ownerId/,
      ],
      [
        'too long',
        'save',
        { step: 1, data: onboardingBody({ personalInfo: { phone: '9'.repeat(41) } }) },
        /Phone must be at most 40/,
      ],
      [
        'bad date',
        'save',
        { step: 2, data: onboardingBody({ dogs: [onboardingDog({ birthDate: '2022-13-40' })] }) },
        /Birth date must be a date/,
      ],
      [
        'bad sex',
        'save',
        { step: 2, data: onboardingBody({ dogs: [onboardingDog({ sex: 'unknown' })] }) },
        /Sex must be male or female/,
      ],
      [
        'how heard',
        'save',
        { step: 2, data: onboardingBody({ trainingInfo: { howHeardAboutUs: 'Facebook' } }) },
        /How did you hear about us/,
      ],
      ['too many dogs', 'save', { step: 2, data: onboardingBody({ dogs: tooMany }) }, /At most 10 dogs/],
      [
        'other e-mail',
        'save',
        { step: 1, data: onboardingBody({ personalInfo: { email: 'someone@else.com' } }) },
        /cannot be changed/,
      ],
      [
        'no last name',
        'complete',
        { data: onboardingBody({ personalInfo: { lastName: ' ' } }) },
        /First name and last name are required/,
      ],
      [
        'future birth date',
        'complete',
        { data: onboardingBody({ dogs: [onboardingDog({ birthDate: future })] }) },
        /Birth date cannot be in the future/,
      ],
      [
        'other e-mail',
        'complete',
        { data: onboardingBody({ personalInfo: { email: 'someone@else.com' } }) },
        /cannot be changed/,
      ],
      ['too many dogs', 'complete', { data: onboardingBody({ dogs: tooMany }) }, /At most 10 dogs/],
      ['extra field', 'complete', { data: onboardingBody(), profileCompleted: true }, /profileCompleted/],
    ];
    for (const [name, route, body, message] of cases) {
      const res =
        body === undefined
          ? await api('PUT', '/api/me/onboarding', { token: c.idToken, rawBody: '{not json' })
          : route === 'save'
            ? await save(c, body)
            : await complete(c, body);
      expect(res.status, `${route} ${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.message, `${route} ${name}`).toMatch(message);
    }
    expect(await profileOf(c)).toEqual(before);
    expect(await dogsOf(c.profileId)).toHaveLength(0);
  });
});
