import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  emptyOnboardingDog,
  isCompleteDog,
  ONBOARDING_LAST_STEP,
  ONBOARDING_STEPS,
  ONBOARDING_TEXTS,
  type OnboardingData,
  type OnboardingDog,
  type OnboardingPersonalInfo,
  type OnboardingTrainingInfo,
} from '#shared/contracts/onboarding-options';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { saveOnboarding, useCompleteOnboarding } from '../api/onboarding';
import { DogsStep, missingDogFields, PersonalInfoStep, ReviewStep, todayIso } from './onboarding-steps';

/** SPEC 5: every dog form's name, breed, birth date and sex are required before the wizard goes past step 2. */
export const DOGS_INCOMPLETE_TEXT = 'Please fill in the name, breed, birth date and sex of each dog (step 2).';

let keyCounter = 0;
const newKey = () => {
  keyCounter += 1;
  return keyCounter;
};

/** The wizard's step from the saved one: 0 (never started) opens step 1. */
export const startStep = (saved: number) => Math.min(Math.max(Math.trunc(saved) || 1, 1), ONBOARDING_LAST_STEP);

/** What stops a completion before it is sent (the server checks the same), or undefined. */
export function completionProblem(data: OnboardingData, today = todayIso()): string | undefined {
  if (!data.personalInfo.firstName.trim() || !data.personalInfo.lastName.trim()) {
    return 'First name and last name are required (step 1).';
  }
  if (data.dogInfo.dogs.some((d) => missingDogFields(d).length > 0)) return DOGS_INCOMPLETE_TEXT;
  if (data.dogInfo.dogs.some((d) => isCompleteDog(d) && d.birthDate > today)) {
    return 'Birth date cannot be in the future (step 2).';
  }
  return undefined;
}

/** Step n of 3, with the steps' names; the current one is marked for assistive technology. */
function StepIndicator({ step, focusRef }: { step: number; focusRef: RefObject<HTMLParagraphElement | null> }) {
  return (
    <div className="onboarding-steps">
      <p className="onboarding-steps__count" tabIndex={-1} ref={focusRef}>
        Step {step} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEPS[step - 1]}
      </p>
      <ol className="onboarding-steps__list" aria-label="Onboarding steps">
        {ONBOARDING_STEPS.map((name, i) => {
          const n = i + 1;
          const state = n === step ? 'current' : n < step ? 'done' : 'todo';
          return (
            <li
              key={name}
              className={`onboarding-steps__item is-${state}`}
              aria-current={n === step ? 'step' : undefined}
            >
              <span className="onboarding-steps__number" aria-hidden="true">
                {n}
              </span>
              <span>
                <span className="visually-hidden">Step {n}: </span>
                {name}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * The 3-step wizard (SPEC 4, 5): Next and Previous move between steps and save the draft and the
 * step in the background (a failed save is only logged); Complete sends everything, then the
 * dashboard follows.
 */
export function OnboardingWizard({ initialStep, initialData }: { initialStep: number; initialData: OnboardingData }) {
  const navigate = useNavigate();
  const { notify } = useToasts();
  const complete = useCompleteOnboarding();
  const [step, setStep] = useState(() => startStep(initialStep));
  const [data, setData] = useState<OnboardingData>(() =>
    initialData.dogInfo.dogs.length ? initialData : { ...initialData, dogInfo: { dogs: [emptyOnboardingDog()] } },
  );
  const [keys, setKeys] = useState<number[]>(() => data.dogInfo.dogs.map(newKey));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [triedNames, setTriedNames] = useState(false);
  const [triedDogs, setTriedDogs] = useState(false);
  const stepHeading = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);

  // After a step change (not on arrival), keyboard and screen reader users start at the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the step changed; the heading ref is read, not the step.
  useEffect(() => {
    if (!moved.current) return;
    stepHeading.current?.focus();
    stepHeading.current?.scrollIntoView?.({ block: 'start' });
  }, [step]);

  const goTo = (next: number) => {
    if (next < 1 || next > ONBOARDING_LAST_STEP || complete.isPending) return;
    if (step === 1 && next > 1) setTriedNames(true);
    // Not past the dogs with a required field empty: the fields say which.
    if (step === 2 && next > 2 && data.dogInfo.dogs.some((d) => missingDogFields(d).length > 0)) {
      setTriedDogs(true);
      setProblem(DOGS_INCOMPLETE_TEXT);
      return;
    }
    moved.current = true;
    setProblem(undefined);
    setStep(next);
    // SPEC 4 and 8: the auto-save never blocks the wizard; a failure is only logged.
    saveOnboarding(next, data).catch((e) => console.error('Failed to auto-save the onboarding progress', e));
  };

  const setPersonal = (field: keyof OnboardingPersonalInfo, value: string) =>
    setData((d) => ({ ...d, personalInfo: { ...d.personalInfo, [field]: value } }));
  const setTraining = (field: keyof OnboardingTrainingInfo, value: string) =>
    setData((d) => ({ ...d, trainingInfo: { ...d.trainingInfo, [field]: value } }));
  const setDog = (index: number, field: keyof OnboardingDog, value: string) =>
    setData((d) => ({
      ...d,
      dogInfo: { dogs: d.dogInfo.dogs.map((dog, i) => (i === index ? { ...dog, [field]: value } : dog)) },
    }));
  const addDog = () => {
    setData((d) => ({ ...d, dogInfo: { dogs: [...d.dogInfo.dogs, emptyOnboardingDog()] } }));
    setKeys((k) => [...k, newKey()]);
  };
  const removeDog = (index: number) => {
    // SPEC 5: at least one dog form remains.
    if (data.dogInfo.dogs.length <= 1) return;
    setData((d) => ({ ...d, dogInfo: { dogs: d.dogInfo.dogs.filter((_, i) => i !== index) } }));
    setKeys((k) => k.filter((_, i) => i !== index));
  };

  const submit = async () => {
    if (complete.isPending) return;
    const issue = completionProblem(data);
    setProblem(issue);
    if (issue) {
      setTriedNames(true);
      setTriedDogs(true);
      return;
    }
    try {
      await complete.mutateAsync(data);
    } catch (e) {
      console.error('Failed to complete the onboarding', e);
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 409) setProblem(e.message);
      notify({ type: 'error', content: ONBOARDING_TEXTS.completeFailed });
      return;
    }
    notify({ type: 'success', content: ONBOARDING_TEXTS.completed });
    navigate('/dashboard', { replace: true });
  };

  return (
    <SpaceBetween size="l">
      <StepIndicator step={step} focusRef={stepHeading} />
      {step === 1 && <PersonalInfoStep value={data.personalInfo} onChange={setPersonal} showErrors={triedNames} />}
      {step === 2 && (
        <DogsStep
          dogs={data.dogInfo.dogs}
          keys={keys}
          training={data.trainingInfo}
          showErrors={triedDogs}
          onDogChange={setDog}
          onAddDog={addDog}
          onRemoveDog={removeDog}
          onTrainingChange={setTraining}
        />
      )}
      {step === 3 && <ReviewStep data={data} keys={keys} onEdit={goTo} />}
      {problem && (
        <Alert type="error" statusIconAriaLabel="Error">
          {problem}
        </Alert>
      )}
      <div className="onboarding-actions">
        <Button onClick={() => goTo(step - 1)} disabled={step === 1 || complete.isPending}>
          Previous
        </Button>
        {step < ONBOARDING_LAST_STEP ? (
          <Button variant="primary" onClick={() => goTo(step + 1)}>
            Next
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void submit()} loading={complete.isPending} loadingText="Completing">
            Complete Profile
          </Button>
        )}
      </div>
    </SpaceBetween>
  );
}
