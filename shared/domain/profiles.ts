import type { Preferences } from '../contracts/settings-options.js';
import { type ListState, listStateOf, type Role } from '../db/entities/profile.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { COUNTERS, counterDelta } from './counters.js';
import type { DogName } from './dog-names.js';
import { searchTokenItems, searchTokensFor } from './search.js';

/** Preferences as stored on a profile: only the fields ever set. */
export type StoredPreferences = Partial<Preferences>;

export interface Profile {
  id: string;
  userId: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  address?: string;
  emergencyContact?: string;
  emergencyPhone?: string;
  howHeardAboutUs?: string;
  notes?: string;
  createdFromContactForm?: boolean;
  profileCompleted: boolean;
  onboardingStep: number;
  onboardingData?: unknown;
  signupCompletedAt?: string;
  isActive: boolean;
  listState: ListState;
  searchTokens?: string[];
  /** The client's dogs for the client list (shared/domain/dog-names.ts); absent on older profiles. */
  dogNames?: DogName[];
  /** Delivered messages not opened yet (shared/domain/messages.ts). */
  unreadMessages?: number;
  /** The user's own settings as stored (shared/domain/settings.ts fills in the defaults). */
  preferences?: StoredPreferences;
  createdAt: string;
  updatedAt: string;
}

/** The profile of a Cognito user (`sub`), or undefined. One GSI query. */
export async function getProfileByUserId(userId: string): Promise<Profile | undefined> {
  const { data } = await store().entities.profile.query.byUser({ userId }).go({ limit: 1 });
  return data[0] as Profile | undefined;
}

export async function getProfileById(id: string): Promise<Profile | undefined> {
  const { data } = await store().entities.profile.get({ id }).go();
  return (data ?? undefined) as Profile | undefined;
}

/**
 * The profile as stored now (a consistent read of the table): the caller's profile comes from the
 * user index, which may lag a write made a moment ago.
 */
export async function freshProfile(id: string): Promise<Profile> {
  const { data } = await store().entities.profile.get({ id }).go({ consistent: true });
  if (!data) throw new AppError('NOT_FOUND', 'Profile not found');
  return data as Profile;
}

export async function getProfileByEmail(email: string): Promise<Profile | undefined> {
  const { data: claim } = await store().entities.unique.get({ kind: 'email', value: email.toLowerCase() }).go();
  if (!claim) return undefined;
  return getProfileById(claim.ownerId);
}

export interface NewProfile {
  /** Defaults to a new UUID. */
  id?: string;
  userId: string;
  role: Role;
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  address?: string;
  emergencyContact?: string;
  emergencyPhone?: string;
  howHeardAboutUs?: string;
  notes?: string;
  createdFromContactForm?: boolean;
  profileCompleted?: boolean;
  onboardingStep?: number;
  /** The dogs created in the same transaction (a converted submission's first dog). */
  dogNames?: DogName[];
}

/**
 * Creates a profile in one transaction with everything that must change with it: the e-mail claim
 * (a second profile with the same e-mail writes nothing), a client's search words and the active
 * clients counter, plus `extra` items of the caller (a first dog, an invitation, a submission
 * update...). Any failed guard cancels all of it: CONFLICT for the e-mail, else `onCancel`'s error.
 */
export async function createProfile(
  input: NewProfile,
  extra?: (entities: TxEntities, profileId: string) => TxItem[],
  onCancel?: (codes: (string | undefined)[]) => AppError | undefined,
): Promise<Profile> {
  const email = input.email.toLowerCase();
  const id = input.id ?? crypto.randomUUID();
  const profileCompleted = input.profileCompleted ?? false;
  const tokens = input.role === 'client' ? searchTokensFor({ ...input, email }) : [];
  const { canceled, codes } = await writeTransaction((e) => [
    e.profile
      .create({
        id,
        userId: input.userId,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        email,
        phone: input.phone,
        address: input.address,
        emergencyContact: input.emergencyContact,
        emergencyPhone: input.emergencyPhone,
        howHeardAboutUs: input.howHeardAboutUs,
        notes: input.notes,
        createdFromContactForm: input.createdFromContactForm ?? false,
        profileCompleted,
        onboardingStep: input.onboardingStep ?? 0,
        isActive: true,
        listState: listStateOf({ isActive: true, profileCompleted }),
        searchTokens: tokens.length ? tokens : undefined,
        dogNames: input.role === 'client' ? (input.dogNames ?? []) : undefined,
      })
      .commit(),
    e.unique.create({ kind: 'email', value: email, ownerId: id }).commit(),
    ...(input.role === 'client'
      ? [...searchTokenItems(e, 'put', id, tokens), counterDelta(e, COUNTERS.activeClients, 1)]
      : []),
    ...(extra?.(e, id) ?? []),
  ]);
  if (canceled) {
    if (codes[1] === 'ConditionalCheckFailed') {
      throw new AppError('CONFLICT', `A client account already exists for ${email}`);
    }
    throw onCancel?.(codes) ?? new AppError('CONFLICT', 'The change conflicted with another one. Please try again.');
  }
  const created = await getProfileById(id);
  if (!created) throw new Error('Profile vanished after creation');
  return created;
}

/** The first name of a profile created for a signed-in client who had none (SPEC 4). */
export const MISSING_PROFILE_FIRST_NAME = 'User';

/** Fields only the product itself uses: never part of an API response. */
function withoutInternals(p: Profile) {
  const { searchTokens: _t, listState: _l, ...rest } = p;
  return rest;
}

/** What the trainer sees of a profile: everything, notes included. */
export function toAdminView(p: Profile) {
  return withoutInternals(p);
}

/** What a client may see of their own profile: everything but the trainer's notes. */
export function toClientView(p: Profile) {
  const { notes: _notes, ...rest } = withoutInternals(p);
  return rest;
}
