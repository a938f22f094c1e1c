import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CONTACT_SUCCESS_TEXT, contactFailureText, contactRequestSchema } from '#shared/contracts/contact';
import { resetBusinessInfoForTests } from '../../../lib/business-info';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG as CONFIG } from '../../../lib/content/test-support';
import { bindPage } from '../../../lib/static-page';
import { ContactPage } from './contact-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type ContactHandler = (init: RequestInit) => Promise<Response>;

function stubFetch(contact: ContactHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/config.json') return json(200, CONFIG);
    if (url === '/api/public/contact') return contact(init);
    return json(404, { error: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const contactCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/public/contact');

/** The page rendered by React (its form works at once, as the hydrated island) with the page's behaviour bound. */
function renderPage() {
  const view = render(<ContactPage />);
  onTestFinished(bindPage(document));
  return view;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Doe');
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Phone'), '(941) 555-0100');
  await user.type(screen.getByLabelText("Dog's Name"), 'Biscuit');
  await user.type(screen.getByLabelText('Breed'), 'Labrador Retriever');
  await user.type(screen.getByLabelText('Birth Date'), '2023-04-02');
  await user.selectOptions(screen.getByLabelText('Sex'), 'female');
  await user.selectOptions(screen.getByLabelText('Program of Interest'), 'adultDogTraining');
  await user.type(screen.getByLabelText('Message'), 'Pulls hard on the leash.');
}

const EXPECTED_BODY = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '(941) 555-0100',
  program: 'adultDogTraining',
  message: 'Pulls hard on the leash.',
  dogName: 'Biscuit',
  dogBreed: 'Labrador Retriever',
  dogBirthDate: '2023-04-02',
  dogSex: 'female',
};

describe('contact page', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    resetBusinessInfoForTests();
  });

  it('shows the business phone and e-mail saved in the settings once loaded (built-ins first)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/config.json') return json(200, CONFIG);
      if (url === '/api/public/business')
        return json(200, { name: 'Happy Tails Training', phone: '(813) 555-0199', email: 'desk@happytails.test' });
      return json(404, { error: { message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const direct = screen.getByRole('heading', { name: 'Prefer to reach out directly?' }).parentElement as HTMLElement;
    expect(within(direct).getByRole('link', { name: '(941) 555-0142' })).toHaveAttribute('href', 'tel:+19415550142');
    expect(await within(direct).findByRole('link', { name: '(813) 555-0199' })).toHaveAttribute(
      'href',
      'tel:+18135550199',
    );
    expect(within(direct).getByRole('link', { name: 'desk@happytails.test' })).toHaveAttribute(
      'href',
      'mailto:desk@happytails.test',
    );
  });

  it('renders the three sections with every field required and labelled', () => {
    stubFetch(async () => json(201, { success: true }));
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Schedule Your Free Evaluation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours/, { selector: '.contact-hero__text' })).toBeInTheDocument();

    const you = screen.getByRole('group', { name: '1 Your Information' });
    const dog = screen.getByRole('group', { name: '2 Tell us about your dog' });
    const goals = screen.getByRole('group', { name: '3 Training Goals' });

    for (const label of ['First Name', 'Last Name', 'Email', 'Phone']) {
      expect(within(you).getByLabelText(label)).toBeRequired();
    }
    for (const label of ["Dog's Name", 'Breed', 'Birth Date']) {
      expect(within(dog).getByLabelText(label)).toBeRequired();
    }
    expect(within(dog).getByLabelText('Birth Date')).toHaveAttribute('type', 'date');
    const sex = within(dog).getByLabelText('Sex');
    expect(sex).toBeRequired();
    expect(
      within(sex)
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value !== '')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ['male', 'Male'],
      ['female', 'Female'],
    ]);

    const program = within(goals).getByLabelText('Program of Interest');
    expect(program).toBeRequired();
    expect(
      within(program)
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value !== '')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ['puppyFoundations', 'Puppy Foundation Program'],
      ['adultDogTraining', 'Basic Obedience Training'],
      ['advancedTraining', 'Advanced Training & Behavior Modification'],
      ['other', 'Other'],
    ]);
    expect(within(goals).getByLabelText('Message')).toBeRequired();

    // The honeypot is out of reach for people: hidden from assistive tech and the tab order.
    const honeypot = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot).not.toBeRequired();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
  });

  it('does not send an incomplete form (browser-level required)', async () => {
    const fetchMock = stubFetch(async () => json(201, { success: true }));
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('First Name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Schedule My Free Evaluation' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(contactCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
    expect(screen.getByLabelText('Last Name')).toBeInvalid();
  });

  it('sends the request body, shows the sending state, then the success text, resets, and hides the alert after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Schedule My Free Evaluation' }));

    const sending = await screen.findByRole('button', { name: 'Scheduling your free evaluation...' });
    expect(sending).toBeDisabled();

    await vi.waitFor(() => expect(contactCalls(fetchMock)).toHaveLength(1));
    const [, init] = contactCalls(fetchMock)[0];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    const body = JSON.parse(String(init?.body));
    expect(body).toEqual(EXPECTED_BODY);
    expect(contactRequestSchema.safeParse(body).success).toBe(true);

    await act(async () => answer(json(201, { success: true })));

    expect(await screen.findByText(CONTACT_SUCCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Program of Interest')).toHaveValue('');
    expect(screen.getByLabelText('Sex')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();

    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText(CONTACT_SUCCESS_TEXT)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).not.toBeInTheDocument();
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a 500 answer',
      () => Promise.resolve(json(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } })),
    ],
    [
      'a 429 answer',
      () => Promise.resolve(json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } })),
    ],
    ['success false', () => Promise.resolve(json(200, { success: false }))],
  ])('on %s shows the failure text with the business e-mail and keeps the values', async (_name, answer) => {
    stubFetch(answer);
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Schedule My Free Evaluation' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(contactFailureText('trainer@pawsitive.test'));
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Birth Date')).toHaveValue('2023-04-02');
    expect(screen.getByLabelText('Program of Interest')).toHaveValue('adultDogTraining');
    expect(screen.getByLabelText('Sex')).toHaveValue('female');
    expect(screen.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
  });

  it('announces results in a live region', () => {
    stubFetch(async () => json(201, { success: true }));
    renderPage();
    expect(document.querySelector('[aria-live="polite"]')).toBeInTheDocument();
  });
});
