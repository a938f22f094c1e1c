import type { Role } from '../db/entities/profile.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';

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
  createdAt: string;
  updatedAt: string;
}

/** The profile of a Cognito user (`sub`), or undefined. One GSI query. */
export async function getProfileByUserId(userId: string): Promise<Profile | undefined> {
  const { data } = await store().entities.profile.query.byUser({ userId }).go({ limit: 1 });
  return data[0] as Profile | undefined;
}

export async function getProfileByEmail(email: string): Promise<Profile | undefined> {
  const { data: claim } = await store().entities.unique.get({ kind: 'email', value: email.toLowerCase() }).go();
  if (!claim) return undefined;
  const { data } = await store().entities.profile.get({ id: claim.ownerId }).go();
  return (data ?? undefined) as Profile | undefined;
}

export interface NewProfile {
  userId: string;
  role: Role;
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  profileCompleted?: boolean;
  onboardingStep?: number;
}

/**
 * Creates a profile and claims its e-mail in one transaction: a second profile with the same e-mail
 * fails with CONFLICT and writes nothing.
 */
export async function createProfile(input: NewProfile): Promise<Profile> {
  const email = input.email.toLowerCase();
  const s = store();
  const id = crypto.randomUUID();
  const result = await s.transaction
    .write(({ profile, unique }) => [
      profile
        .create({
          id,
          userId: input.userId,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName ?? '',
          email,
          phone: input.phone,
          profileCompleted: input.profileCompleted ?? false,
          onboardingStep: input.onboardingStep ?? 0,
        })
        .commit(),
      unique.create({ kind: 'email', value: email, ownerId: id }).commit(),
    ])
    .go();
  if (result.canceled) {
    throw new AppError('CONFLICT', `A client account already exists for ${email}`);
  }
  const { data } = await s.entities.profile.get({ id }).go();
  if (!data) throw new Error('Profile vanished after creation');
  return data as Profile;
}

/** What a client may see of their own profile: everything but the trainer's notes. */
export function toClientView(p: Profile): Omit<Profile, 'notes'> {
  const { notes: _notes, ...rest } = p;
  return rest;
}
