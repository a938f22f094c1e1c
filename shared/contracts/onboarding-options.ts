/**
 * Constants, texts and shapes of the onboarding wizard (SPEC 2, 3, 4, 5, 8), with no runtime
 * dependency: the web imports them without zod. The request schemas live in onboarding.ts.
 */
import { DOG_SEXES, HOW_HEARD_OPTIONS } from './client-options.js';

export { DOG_SEXES, HOW_HEARD_OPTIONS };

/** SPEC 4: step 1 personal info, step 2 dogs (and training), step 3 review. */
export const ONBOARDING_STEPS = ['Personal Information', 'Your Dogs', 'Review'] as const;
export const ONBOARDING_LAST_STEP = 3;
/** A TransactWriteItems holds at most 100 items: the profile, its search words and the dogs. */
export const ONBOARDING_MAX_DOGS = 10;

/** The spayed/neutered answer of a dog form: not answered, yes or no. */
export const SPAYED_NEUTERED = ['', 'yes', 'no'] as const;
export type SpayedNeutered = (typeof SPAYED_NEUTERED)[number];

/** SPEC 8 texts of the onboarding screen. */
export const ONBOARDING_TEXTS = {
  signedOut: 'Please log in to complete your profile.',
  signOutFailed: 'Failed to sign out. Please try again.',
  completeFailed: 'Failed to complete profile setup. Please try again.',
  completed: 'Profile completed successfully! Welcome to your training portal.',
} as const;

/** Server answers (409) of the onboarding routes. */
export const ONBOARDING_ALREADY_COMPLETED = 'Your profile is already completed.';
export const ONBOARDING_EMAIL_READ_ONLY = 'Email is your sign-in and cannot be changed here';

export interface OnboardingPersonalInfo {
  firstName: string;
  lastName: string;
  /** The account's e-mail: shown, never changed by the wizard. */
  email: string;
  phone: string;
  address: string;
  emergencyContact: string;
  emergencyPhone: string;
}

export interface OnboardingDog {
  name: string;
  breed: string;
  /** YYYY-MM-DD or empty. */
  birthDate: string;
  sex: '' | (typeof DOG_SEXES)[number];
  spayedNeutered: SpayedNeutered;
  weight: string;
  medicalConditions: string;
  medications: string;
  behavioralNotes: string;
  trainingGoals: string;
}

export interface OnboardingTrainingInfo {
  previousTraining: string;
  trainingGoals: string;
  specificIssues: string;
  /** One of HOW_HEARD_OPTIONS, or empty. */
  howHeardAboutUs: string;
}

/** SPEC 3: the onboarding data (the draft kept on the profile until completion). */
export interface OnboardingData {
  personalInfo: OnboardingPersonalInfo;
  dogInfo: { dogs: OnboardingDog[] };
  trainingInfo: OnboardingTrainingInfo;
}

/** GET /api/me/onboarding. */
export interface OnboardingState {
  /** The saved step (0 before the wizard was first used; 3 once completed). */
  step: number;
  /** The saved draft, or (without one) what the wizard starts with; null once completed. */
  data: OnboardingData | null;
  /** Whether `data` is a saved draft (false: built from the profile and the contact submission). */
  draft: boolean;
  profileCompleted: boolean;
}

/** POST /api/me/onboarding/complete: answers the dogs it created. */
export interface CompleteOnboardingResponse {
  profileCompleted: true;
  /** Names of the dogs created (a dog whose name the client already has is not added twice). */
  createdDogs: string[];
}

export const emptyOnboardingDog = (): OnboardingDog => ({
  name: '',
  breed: '',
  birthDate: '',
  sex: '',
  spayedNeutered: '',
  weight: '',
  medicalConditions: '',
  medications: '',
  behavioralNotes: '',
  trainingGoals: '',
});

/** SPEC 5: only a dog with name, breed and birth date is created on completion. */
export const isCompleteDog = (d: Pick<OnboardingDog, 'name' | 'breed' | 'birthDate'>) =>
  d.name.trim() !== '' && d.breed.trim() !== '' && d.birthDate.trim() !== '';
