import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  emptyOnboardingDog,
  ONBOARDING_TEXTS,
  type OnboardingData,
  type OnboardingDog,
  type OnboardingState,
} from '#shared/contracts/onboarding-options';
import { AuthContext, type AuthContextValue, type AuthUser } from '../../../lib/auth-context';
import { type ApiCall, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { OnboardingPage } from './onboarding-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const CLIENT: AuthUser = { userId: 'u-1', email: 'olive@example.com', role: 'client' };

function auth(over: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signedIn',
    user: CLIENT,
    signIn: vi.fn(),
    confirmNewPassword: vi.fn(),
    confirmTotpCode: vi.fn(),
    signOut: vi.fn(async () => undefined),
    getIdToken: async () => 'id-token-123',
    ...over,
  };
}

const dog = (over: Partial<OnboardingDog> = {}): OnboardingDog => ({
  ...emptyOnboardingDog(),
  name: 'Moose',
  breed: 'Labrador',
  birthDate: '2023-05-04',
  sex: 'male',
  ...over,
});

const data = (over: { dogs?: OnboardingDog[]; firstName?: string } = {}): OnboardingData => ({
  personalInfo: {
    firstName: over.firstName ?? 'Olive',
    lastName: 'Owner',
    email: 'olive@example.com',
    phone: '941-555-0123',
    address: '',
    emergencyContact: '',
    emergencyPhone: '',
  },
  dogInfo: { dogs: over.dogs ?? [dog()] },
  trainingInfo: { previousTraining: '', trainingGoals: '', specificIssues: '', howHeardAboutUs: '' },
});

const state = (over: Partial<OnboardingState> = {}): OnboardingState => ({
  step: 0,
  data: data(),
  draft: false,
  profileCompleted: false,
  ...over,
});

/** Answers GET with `initial`; PUT and POST with `put`/`post` (200 by default). */
function api(initial: OnboardingState, answers: { put?: () => Response; post?: () => Response } = {}) {
  return stubApi((call: ApiCall) => {
    if (call.method === 'GET') return json(200, initial);
    if (call.method === 'PUT') return answers.put?.() ?? json(200, { saved: true });
    return answers.post?.() ?? json(200, { profileCompleted: true, createdDogs: ['Moose'] });
  });
}

const show = (value: AuthContextValue = auth()) =>
  renderAt(
    '/onboarding',
    '/onboarding',
    <AuthContext.Provider value={value}>
      <OnboardingPage />
    </AuthContext.Provider>,
  );

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/*
 * The harness draws its own toast Flashbar beside the page's, so a toast text appears twice here
 * (the real /onboarding route has only the page's).
 */

describe('onboarding wizard', () => {
  it('signed out: asks to log in and leads to /login', async () => {
    const calls = api(state());
    show(auth({ status: 'signedOut', user: null }));
    expect(screen.getByText(ONBOARDING_TEXTS.signedOut)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(location()).toBe('/login');
    expect(calls).toHaveLength(0);
  });

  it('starts on step 1 with the prefilled data: Previous disabled, Next shown, no Complete', async () => {
    api(state());
    show();
    expect(await screen.findByText('Step 1 of 3: Personal Information')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Olive');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('olive@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(button('Previous')).toBeDisabled();
    expect(button('Next')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Complete Profile' })).toBeNull();
    const steps = screen.getByRole('list', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
  });

  it('Next and Previous save the draft and the step without waiting; a failed save is only logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = api(state(), { put: () => json(500, { error: { message: 'boom' } }) });
    show();
    await screen.findByText('Step 1 of 3: Personal Information');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.type(screen.getByLabelText('Phone'), '941-555-0999');
    await userEvent.click(button('Next'));
    // The wizard moved at once; the save went out with the step it moved to and the data typed.
    expect(screen.getByText('Step 2 of 3: Your Dogs')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT') as ApiCall;
    expect(put.url).toMatch(/\/api\/me\/onboarding$/);
    expect(put.body).toMatchObject({ step: 2, data: { personalInfo: { phone: '941-555-0999' } } });
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.getByText('Step 2 of 3: Your Dogs')).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).toBeNull();

    await userEvent.click(button('Previous'));
    expect(screen.getByText('Step 1 of 3: Personal Information')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({ step: 1 });
  });

  it('restores the saved step and draft, keeps at least one dog form, Remove only with more than one', async () => {
    api(state({ step: 2, draft: true, data: data({ dogs: [dog(), dog({ name: 'Pip', breed: 'Terrier' })] }) }));
    show();
    expect(await screen.findByText('Step 2 of 3: Your Dogs')).toBeInTheDocument();
    const names = screen.getAllByLabelText('Name');
    expect(names.map((n) => (n as HTMLInputElement).value)).toEqual(['Moose', 'Pip']);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    // Name, breed, birth date and sex are marked required on each form.
    expect(screen.getAllByText('Required')).toHaveLength(6);
    expect(screen.getAllByText('Required. Not after today.')).toHaveLength(2);
    for (const date of screen.getAllByLabelText('Birth date')) expect(date).toHaveAttribute('type', 'date');

    await userEvent.click(button('Remove Pip'));
    expect(screen.getAllByLabelText('Name')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    await userEvent.click(button('Add another dog'));
    expect(screen.getAllByLabelText('Name')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('the review lists everything; Complete shows a spinner, then the success toast and the dashboard', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = stubApi((call) => {
      if (call.method === 'GET')
        return json(
          200,
          state({ step: 3, draft: true, data: data({ dogs: [dog(), dog({ name: 'Pip', breed: 'Terrier' })] }) }),
        );
      if (call.method === 'POST') return new Promise<Response>((r) => (answer = r));
      return json(200, { saved: true });
    });
    show();
    expect(await screen.findByText('Step 3 of 3: Review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByText('Olive Owner')).toBeInTheDocument();
    expect(screen.getByText('Labrador')).toBeInTheDocument();
    expect(screen.getByText('Terrier')).toBeInTheDocument();
    await userEvent.click(button('Complete Profile'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST') as ApiCall;
    expect(post.url).toMatch(/\/api\/me\/onboarding\/complete$/);
    expect(post.body).toMatchObject({ data: { dogInfo: { dogs: [{ name: 'Moose' }, { name: 'Pip' }] } } });
    // While the server works, the button shows its spinner and cannot be pressed again.
    expect(button('Complete Profile')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Completing')).toBeInTheDocument();
    answer(json(200, { profileCompleted: true, createdDogs: ['Moose'] }));
    expect((await screen.findAllByText(ONBOARDING_TEXTS.completed)).length).toBeGreaterThan(0);
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('a failed completion says so and stays on the review', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(state({ step: 3, draft: true }), { post: () => json(500, { error: { message: 'boom' } }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Profile' }));
    expect((await screen.findAllByText(ONBOARDING_TEXTS.completeFailed)).length).toBeGreaterThan(0);
    expect(location()).toBe('/onboarding');
    expect(screen.getByText('Step 3 of 3: Review')).toBeInTheDocument();
  });

  it('does not go past the dogs with a required field empty: the fields say which; Complete neither', async () => {
    const calls = api(
      state({ step: 2, draft: true, data: data({ dogs: [dog(), dog({ name: 'Pip', breed: '', sex: '' })] }) }),
    );
    show();
    expect(await screen.findByText('Step 2 of 3: Your Dogs')).toBeInTheDocument();
    expect(screen.queryByText('Breed is required')).toBeNull();
    await userEvent.click(button('Next'));
    expect(screen.getByText('Step 2 of 3: Your Dogs')).toBeInTheDocument();
    expect(
      screen.getByText('Please fill in the name, breed, birth date and sex of each dog (step 2).'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Breed is required')).toHaveLength(1);
    expect(screen.getAllByText('Sex is required')).toHaveLength(1);
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Filled in, Next goes on.
    await userEvent.type(screen.getAllByLabelText('Breed')[1], 'Terrier');
    await userEvent.click(screen.getAllByRole('button', { name: /^Sex/ })[1]);
    await userEvent.click(await screen.findByRole('option', { name: 'Female' }));
    await userEvent.click(button('Next'));
    expect(screen.getByText('Step 3 of 3: Review')).toBeInTheDocument();
  });

  it('does not send a completion with a dog missing a required field', async () => {
    const calls = api(state({ step: 3, draft: true, data: data({ dogs: [dog({ birthDate: '' })] }) }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Profile' }));
    expect(
      screen.getByText('Please fill in the name, breed, birth date and sex of each dog (step 2).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('does not send a completion without first and last name', async () => {
    const calls = api(state({ step: 3, draft: true, data: data({ firstName: ' ' }) }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Profile' }));
    expect(screen.getByText('First name and last name are required (step 1).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a completed profile goes to the dashboard; so does an admin', async () => {
    api(state({ step: 3, data: null, profileCompleted: true }));
    const first = show();
    await waitFor(() => expect(location()).toBe('/dashboard'));
    first.unmount();
    const calls = api(state());
    show(auth({ user: { userId: 'a', email: 'trainer@example.com', role: 'admin' } }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls).toHaveLength(0);
  });

  it('Sign out goes to /login; a failed sign-out says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(state());
    const failing = show(auth({ signOut: vi.fn(async () => Promise.reject(new Error('network'))) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect((await screen.findAllByText(ONBOARDING_TEXTS.signOutFailed)).length).toBeGreaterThan(0);
    expect(location()).toBe('/onboarding');
    failing.unmount();
    api(state());
    const signOut = vi.fn(async () => undefined);
    show(auth({ signOut }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(signOut).toHaveBeenCalled();
  });
});
