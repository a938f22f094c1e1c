import { listStateOf } from '../../shared/db/entities/profile.js';
import { store } from '../../shared/db/service.js';
import { getProfileById } from '../../shared/domain/profiles.js';

/**
 * Helpers of the onboarding tests (onboarding.test.ts, the authorization matrix and the client
 * privacy walk): test users are created with a completed profile, so these reopen the wizard.
 */

/** Puts a client's profile back to "not completed, step 0, no draft" (list state kept consistent). */
export async function reopenOnboarding(profileId: string): Promise<void> {
  const p = await getProfileById(profileId);
  if (!p) throw new Error(`No profile ${profileId}`);
  await store()
    .entities.profile.patch({ id: p.id })
    .set({
      profileCompleted: false,
      onboardingStep: 0,
      listState: listStateOf({ isActive: p.isActive, profileCompleted: false }),
    })
    .remove(['onboardingData', 'signupCompletedAt'])
    .composite({ role: p.role, listState: p.listState, firstName: p.firstName, lastName: p.lastName, id: p.id })
    .go();
}

export const onboardingDog = (over: Record<string, unknown> = {}) => ({
  name: 'Juniper',
  breed: 'Border Collie',
  birthDate: '2022-03-14',
  sex: 'female',
  spayedNeutered: 'yes',
  weight: '38 lbs',
  medicalConditions: 'Hip dysplasia (mild)',
  medications: 'Joint supplement',
  behavioralNotes: 'Herds children',
  trainingGoals: 'Calm greetings',
  ...over,
});

/** Onboarding data as the wizard sends it. */
export const onboardingBody = (
  over: {
    personalInfo?: Record<string, unknown>;
    dogs?: Record<string, unknown>[];
    trainingInfo?: Record<string, unknown>;
  } = {},
) => ({
  personalInfo: {
    firstName: 'Olive',
    lastName: 'Onboarded',
    email: '',
    phone: '(941) 555-0123',
    address: '12 Palm Way, Sarasota FL',
    emergencyContact: 'Sam Onboarded',
    emergencyPhone: '941-555-0124',
    ...over.personalInfo,
  },
  dogInfo: { dogs: over.dogs ?? [onboardingDog()] },
  trainingInfo: {
    previousTraining: 'Puppy class in 2022',
    trainingGoals: 'Loose-leash walking',
    specificIssues: 'Pulls toward squirrels',
    howHeardAboutUs: 'Vet Recommendation',
    ...over.trainingInfo,
  },
});
