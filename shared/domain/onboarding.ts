import { DOG_FUTURE_TEXT } from '../contracts/client-options.js';
import type { ContactSubmission } from '../contracts/contact-options.js';
import {
  type CompleteOnboardingResponse,
  emptyOnboardingDog,
  HOW_HEARD_OPTIONS,
  isCompleteDog,
  ONBOARDING_ALREADY_COMPLETED,
  ONBOARDING_EMAIL_READ_ONLY,
  ONBOARDING_LAST_STEP,
  type OnboardingData,
  type OnboardingDog,
  type OnboardingState,
  onboardingData,
} from '../contracts/onboarding.js';
import { listStateOf } from '../db/entities/profile.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { assertBirthDateNotFuture } from './birth-date.js';
import { MISSING_PROFILE_FIRST_NAME, type Profile } from './profiles.js';
import { searchTokenItems, searchTokensFor } from './search.js';

/**
 * The onboarding wizard (SPEC 2, 3, 4, 5): a client's draft and step live on their own profile
 * (onboarding_data, onboarding_step) until completion, which writes the profile fields, the
 * completed state and the complete dogs in one transaction and clears the draft. Every function
 * takes the caller's own profile: nothing here reads or writes another client's draft.
 */

/** A TransactWriteItems holds at most 100 items. */
const MAX_TRANSACTION_ITEMS = 100;
/** Tries of a completion cancelled by a concurrent change (a late draft save). */
const CONFLICT_RETRY = { attempts: 4, firstDelayMs: 25 };
/** How many of an e-mail's contact submissions are looked at for the prefill (newest first). */
const SUBMISSIONS_LOOKED_AT = 25;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The profile as stored now (a consistent read of the table, not the eventually consistent user index). */
async function readProfile(id: string): Promise<Profile> {
  const { data } = await store().entities.profile.get({ id }).go({ consistent: true });
  if (!data) throw new AppError('FORBIDDEN', 'Profile not found');
  return data as Profile;
}

function assertOpen(p: Profile): void {
  if (!p.isActive) throw new AppError('FORBIDDEN', 'This account has been deactivated');
  if (p.profileCompleted) throw new AppError('CONFLICT', ONBOARDING_ALREADY_COMPLETED);
}

/** The e-mail is the account's sign-in: the wizard shows it, and may send it back unchanged or empty. */
function checkEmail(data: OnboardingData, profile: Profile): OnboardingData {
  const sent = data.personalInfo.email.trim().toLowerCase();
  if (sent && sent !== profile.email.toLowerCase()) {
    throw new AppError('VALIDATION', ONBOARDING_EMAIL_READ_ONLY, {
      'data.personalInfo.email': [ONBOARDING_EMAIL_READ_ONLY],
    });
  }
  return { ...data, personalInfo: { ...data.personalInfo, email: profile.email } };
}

/**
 * The contact submission that belongs to the client: the one linked to their profile by the
 * conversion, else the newest one sent with their e-mail that was not removed. One Query on the
 * by-e-mail index.
 */
export async function findClientContactSubmission(
  profile: Pick<Profile, 'id' | 'email'>,
): Promise<ContactSubmission | undefined> {
  const { data } = await store()
    .entities.contactSubmission.query.byEmail({ email: profile.email.toLowerCase() })
    .go({ order: 'desc', limit: SUBMISSIONS_LOOKED_AT });
  const items = data as ContactSubmission[];
  return items.find((s) => s.assignedProfileId === profile.id) ?? items.find((s) => s.status !== 'removed');
}

/** A profile's name, unless it is the placeholder of a profile created on first sign-in (SPEC 4). */
const realName = (p: Profile) =>
  p.firstName === MISSING_PROFILE_FIRST_NAME && !p.lastName
    ? { firstName: '', lastName: '' }
    : { firstName: p.firstName, lastName: p.lastName };

/** The dog fields the wizard has, as a stored dog holds them. */
interface StoredDog {
  name: string;
  breed: string;
  birthDate: string;
  sex?: string;
  behavioralNotes?: string;
  medicalNotes?: string;
  trainingGoals?: string;
}

/** The value of one `Label: value` line `medicalNotesOf` wrote, or ''. */
const noteLine = (notes: string | undefined, label: string) =>
  (notes ?? '')
    .split('\n')
    .find((l) => l.startsWith(`${label}: `))
    ?.slice(label.length + 2) ?? '';

/** A stored dog as the wizard's answers: the reverse of what completion writes (`medicalNotesOf`). */
function answersOf(d: StoredDog): OnboardingDog {
  const spayed = noteLine(d.medicalNotes, 'Spayed/neutered');
  return {
    ...emptyOnboardingDog(),
    name: d.name,
    breed: d.breed,
    birthDate: d.birthDate,
    sex: d.sex === 'male' || d.sex === 'female' ? d.sex : '',
    spayedNeutered: spayed === 'Yes' ? 'yes' : spayed === 'No' ? 'no' : '',
    weight: noteLine(d.medicalNotes, 'Weight'),
    medicalConditions: noteLine(d.medicalNotes, 'Medical conditions'),
    medications: noteLine(d.medicalNotes, 'Medications'),
    behavioralNotes: d.behavioralNotes ?? '',
    trainingGoals: d.trainingGoals ?? '',
  };
}

/**
 * What the wizard starts with when there is no draft: the profile's fields and, from the matching
 * contact submission, what the profile lacks (names, phone) (SPEC 5). The dogs are the ones the client
 * already has (the signup's dog, one the conversion or the trainer added), oldest first, so nothing
 * stored is asked again; without any, the submission's dog, else one empty dog.
 */
export async function initialOnboardingData(profile: Profile): Promise<OnboardingData> {
  const [submission, stored] = await Promise.all([
    findClientContactSubmission(profile),
    store().entities.dog.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
  ]);
  const names = realName(profile);
  const submissionDog: OnboardingDog = submission
    ? {
        ...emptyOnboardingDog(),
        name: submission.dogName ?? '',
        breed: submission.dogBreed ?? '',
        birthDate: submission.dogBirthDate ?? '',
        sex: submission.dogSex ?? '',
      }
    : emptyOnboardingDog();
  const dogs = stored.data.length ? (stored.data as StoredDog[]).map(answersOf) : [submissionDog];
  const howHeard = profile.howHeardAboutUs ?? '';
  return {
    personalInfo: {
      firstName: names.firstName || submission?.firstName || '',
      lastName: names.lastName || submission?.lastName || '',
      email: profile.email,
      phone: profile.phone || submission?.phone || '',
      address: profile.address ?? '',
      emergencyContact: profile.emergencyContact ?? '',
      emergencyPhone: profile.emergencyPhone ?? '',
    },
    dogInfo: { dogs },
    trainingInfo: {
      previousTraining: '',
      trainingGoals: '',
      specificIssues: '',
      howHeardAboutUs: (HOW_HEARD_OPTIONS as readonly string[]).includes(howHeard) ? howHeard : '',
    },
  };
}

/** The stored draft, read as the contract says (a draft that no longer fits is treated as none). */
function storedDraft(profile: Profile): OnboardingData | undefined {
  if (profile.onboardingData === undefined || profile.onboardingData === null) return undefined;
  const parsed = onboardingData.safeParse(profile.onboardingData);
  if (!parsed.success) return undefined;
  const data = parsed.data as OnboardingData;
  if (data.dogInfo.dogs.length === 0) data.dogInfo.dogs = [emptyOnboardingDog()];
  return { ...data, personalInfo: { ...data.personalInfo, email: profile.email } };
}

/** GET /api/me/onboarding: the caller's saved step and draft, or what the wizard starts with. */
export async function getOnboarding(own: Pick<Profile, 'id'>): Promise<OnboardingState> {
  const profile = await readProfile(own.id);
  if (profile.profileCompleted) {
    return { step: profile.onboardingStep, data: null, draft: false, profileCompleted: true };
  }
  const draft = storedDraft(profile);
  return {
    step: profile.onboardingStep,
    data: draft ?? (await initialOnboardingData(profile)),
    draft: !!draft,
    profileCompleted: false,
  };
}

const isConditionFailure = (e: unknown) => /conditional/i.test((e as Error)?.message ?? '');

/**
 * PUT /api/me/onboarding: keeps the draft and the step on the caller's profile. Refused (CONFLICT)
 * once the profile is completed, also when the completion lands between the read and the write.
 */
export async function saveOnboardingDraft(
  own: Pick<Profile, 'id'>,
  input: { step: number; data: OnboardingData },
): Promise<{ step: number; saved: true }> {
  const profile = await readProfile(own.id);
  assertOpen(profile);
  const data = checkEmail(input.data, profile);
  try {
    await store()
      .entities.profile.patch({ id: profile.id })
      .set({ onboardingData: data, onboardingStep: input.step })
      .where(({ profileCompleted, isActive }, { eq }) => `${eq(profileCompleted, false)} AND ${eq(isActive, true)}`)
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    assertOpen(await readProfile(own.id));
    throw new AppError('CONFLICT', 'Your profile was changed meanwhile. Please try again.');
  }
  return { step: input.step, saved: true };
}

/** The dog's health details the dog record keeps in its medical notes (it has no fields of their own). */
export function medicalNotesOf(d: OnboardingDog): string | undefined {
  const lines = [
    d.medicalConditions && `Medical conditions: ${d.medicalConditions}`,
    d.medications && `Medications: ${d.medications}`,
    d.spayedNeutered && `Spayed/neutered: ${d.spayedNeutered === 'yes' ? 'Yes' : 'No'}`,
    d.weight && `Weight: ${d.weight}`,
  ].filter(Boolean);
  return lines.length ? lines.join('\n') : undefined;
}

const OPTIONAL_PROFILE_FIELDS = ['phone', 'address', 'emergencyContact', 'emergencyPhone'] as const;

/**
 * POST /api/me/onboarding/complete, in one transaction (all or nothing): the profile takes the
 * personal info (and how they heard about us), becomes completed with step 3 and
 * signup_completed_at, moves from the incomplete to the complete client list, drops its draft and
 * swaps its search words; every complete dog (name, breed, birth date) is created, except one whose
 * name the client already has (the conversion or the signup may have added it): that dog takes the
 * wizard's answers. The profile write is
 * guarded by the version read, so a concurrent change cancels everything and the whole is retried
 * from a fresh read; a completed profile answers CONFLICT.
 */
export async function completeOnboarding(
  own: Pick<Profile, 'id'>,
  input: { data: OnboardingData },
): Promise<CompleteOnboardingResponse> {
  await assertBirthDateNotFuture(
    input.data.dogInfo.dogs.flatMap((d, i) =>
      isCompleteDog(d) ? [{ birthDate: d.birthDate, field: `data.dogInfo.dogs.${i}.birthDate` }] : [],
    ),
    DOG_FUTURE_TEXT,
  );
  return retryOnConflict(async () => {
    const current = await readProfile(own.id);
    assertOpen(current);
    const data = checkEmail(input.data, current);
    const info = data.personalInfo;
    const { data: existing } = await store()
      .entities.dog.query.byProfile({ profileId: current.id })
      .go({ pages: 'all' });
    const complete = data.dogInfo.dogs.filter(isCompleteDog);
    const known = (d: OnboardingDog) => existing.find((x) => sameName(x.name, d.name));
    const dogs = complete.filter((d) => !known(d));
    // The dog the conversion or the signup already added (prefilled as the first dog) takes the
    // wizard's answers instead of being created twice.
    const updates = complete.flatMap((d) => {
      const dog = known(d);
      return dog ? [{ id: dog.id, answers: d }] : [];
    });

    const set: Record<string, unknown> = {
      firstName: info.firstName,
      lastName: info.lastName,
      profileCompleted: true,
      onboardingStep: ONBOARDING_LAST_STEP,
      signupCompletedAt: new Date().toISOString(),
      listState: listStateOf({ isActive: current.isActive, profileCompleted: true }),
    };
    const remove: string[] = ['onboardingData'];
    const next: Profile = { ...current, firstName: info.firstName, lastName: info.lastName };
    for (const field of OPTIONAL_PROFILE_FIELDS) {
      const value = info[field];
      if (value) {
        set[field] = value;
        next[field] = value;
      } else if (current[field] !== undefined) {
        remove.push(field);
        delete next[field];
      }
    }
    // Empty leaves a value chosen on another screen (its list differs, SPEC 3) as it is.
    if (data.trainingInfo.howHeardAboutUs) set.howHeardAboutUs = data.trainingInfo.howHeardAboutUs;

    const oldTokens = current.searchTokens ?? [];
    const newTokens = searchTokensFor(next);
    const dropped = oldTokens.filter((t) => !newTokens.includes(t));
    const added = newTokens.filter((t) => !oldTokens.includes(t));
    set.searchTokens = newTokens;
    const created = dogs.map((d) => ({ id: crypto.randomUUID(), answers: d }));
    set.dogNames = [
      ...(current.dogNames ?? existing.map((d) => ({ id: d.id, name: d.name }))),
      ...created.map(({ id, answers }) => ({ id, name: answers.name })),
    ];
    if (1 + dropped.length + added.length + dogs.length + updates.length > MAX_TRANSACTION_ITEMS) {
      throw new AppError('VALIDATION', 'Too much to save at once: please shorten the names or add fewer dogs.');
    }

    const { canceled } = await writeTransaction((e) => [
      e.profile
        .patch({ id: current.id })
        .set(set as never)
        .remove(remove as never)
        // The key attributes as they are now (ElectroDB also checks them); `set` carries the new ones.
        .composite({
          role: current.role,
          listState: current.listState,
          firstName: current.firstName,
          lastName: current.lastName,
          id: current.id,
        })
        .where(
          ({ updatedAt, profileCompleted, isActive }, { eq }) =>
            `${eq(updatedAt, current.updatedAt)} AND ${eq(profileCompleted, false)} AND ${eq(isActive, true)}`,
        )
        .commit(),
      ...searchTokenItems(e, 'delete', current.id, dropped),
      ...searchTokenItems(e, 'put', current.id, added),
      ...updates.map(({ id, answers: d }) => {
        const medicalNotes = medicalNotesOf(d);
        return e.dog
          .patch({ id })
          .set({
            breed: d.breed,
            birthDate: d.birthDate,
            ...(d.sex ? { sex: d.sex } : {}),
            ...(d.behavioralNotes ? { behavioralNotes: d.behavioralNotes } : {}),
            ...(medicalNotes ? { medicalNotes } : {}),
            ...(d.trainingGoals ? { trainingGoals: d.trainingGoals } : {}),
          })
          .commit();
      }),
      ...created.map(({ id, answers: d }) => {
        const medicalNotes = medicalNotesOf(d);
        return e.dog
          .create({
            id,
            profileId: current.id,
            name: d.name,
            breed: d.breed,
            birthDate: d.birthDate,
            ...(d.sex ? { sex: d.sex } : {}),
            ...(d.behavioralNotes ? { behavioralNotes: d.behavioralNotes } : {}),
            ...(medicalNotes ? { medicalNotes } : {}),
            ...(d.trainingGoals ? { trainingGoals: d.trainingGoals } : {}),
            totalSessions: 0,
          })
          .commit();
      }),
    ]);
    if (!canceled) return { profileCompleted: true, createdDogs: dogs.map((d) => d.name) };
    // Completed or deactivated meanwhile (the next read says so), or changed: read again and retry.
    throw new Conflict(new AppError('CONFLICT', 'Your profile was changed meanwhile. Please try again.'));
  }, CONFLICT_RETRY);
}
