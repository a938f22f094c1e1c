import { randomBytes } from 'node:crypto';
import { store, type TxEntities } from '../db/service.js';

/** SPEC 9: invitations are valid for 7 days. */
export const INVITATION_DAYS = 7;

export interface Invitation {
  token: string;
  email: string;
  profileId?: string;
  contactSubmissionId?: string;
  validUntil: string;
  createdBy: string;
  usedAt?: string;
  createdAt: string;
}

export const newInvitationToken = () => randomBytes(24).toString('base64url');

/** The signup link of SPEC 7: `{origin}/signup?token={token}&email={encoded email}`. */
export function signupLink(origin: string, token: string, email: string): string {
  return `${origin.replace(/\/+$/, '')}/signup?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

export interface NewInvitation {
  token: string;
  email: string;
  createdBy: string;
  profileId?: string;
  contactSubmissionId?: string;
  now?: Date;
}

/** The transaction item that creates an invitation (fails when the token is taken). */
export function invitationCreate({ invitation }: Pick<TxEntities, 'invitation'>, i: NewInvitation) {
  const now = i.now ?? new Date();
  return invitation
    .create({
      token: i.token,
      email: i.email.toLowerCase(),
      createdBy: i.createdBy,
      profileId: i.profileId,
      contactSubmissionId: i.contactSubmissionId,
      validUntil: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString(),
      createdAt: now.toISOString(),
    })
    .commit();
}

export async function getInvitation(token: string): Promise<Invitation | undefined> {
  const { data } = await store().entities.invitation.get({ token }).go();
  return (data ?? undefined) as Invitation | undefined;
}

/** Whether the invitation can still be used for `email` at `now`. */
export function invitationUsable(i: Invitation | undefined, email: string, now = new Date()): i is Invitation {
  return !!i && !i.usedAt && i.email === email.toLowerCase() && new Date(i.validUntil).getTime() > now.getTime();
}
