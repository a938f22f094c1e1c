import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { MessageTemplate } from '#shared/contracts/message-options';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessZone } from '../../../lib/business-zone';
import { type ApiCall, client, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { ComposePage } from './compose-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** Visible text only (the Flashbar also announces through a live region). */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

const MARIA = client();
const TOM = client({
  id: 'c-2',
  firstName: 'Tom',
  lastName: 'Baker',
  email: 'tom@example.com',
  profileCompleted: false,
});
const NORA = client({ id: 'c-9', firstName: 'Nora', lastName: 'Baptiste', email: 'nora@example.com' });
/** A client far down a big book: only the server's search finds him. */
const ZANE = client({ id: 'c-1800', firstName: 'Zane', lastName: 'Whitlock', email: 'zane@example.com' });
const TEMPLATE: MessageTemplate = {
  id: 't-1',
  name: 'Weekly homework',
  subject: 'Your homework for this week',
  content: 'Hi {client_name}, practise **sit** daily.',
  templateType: 'homework',
  isActive: true,
  createdBy: 'a-1',
  createdAt: '2025-03-01T15:30:00.000Z',
  updatedAt: '2025-03-01T15:30:00.000Z',
};

type User = ReturnType<typeof userEvent.setup>;

function setup(
  url = '/dashboard/messages/compose',
  post: (call: ApiCall) => Response = ({ body }) =>
    json(201, { status: 'sent', count: (body as { recipientIds: string[] }).recipientIds.length, messageIds: [] }),
  user: User = userEvent.setup(),
) {
  const calls = stubApi((call) => {
    if (call.method === 'POST') return post(call);
    if (call.url.startsWith('/api/clients/c-9')) return json(200, { client: NORA, sessions: [] });
    if (call.url.startsWith('/api/clients/c-1800')) return json(200, { client: ZANE, sessions: [] });
    if (call.url.startsWith('/api/clients?')) {
      const search = new URL(call.url, 'http://x').searchParams.get('search');
      if (search) return json(200, { items: search === 'whit' ? [ZANE] : [], cursor: null });
      return json(200, { items: [MARIA, TOM], cursor: null });
    }
    if (call.url.startsWith('/api/templates')) return json(200, { items: [TEMPLATE] });
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt(url, '/dashboard/messages/compose', <ComposePage />);
  return { user, calls };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');
const sendButton = () => screen.getByRole('button', { name: /^(Send|Schedule) Message$/ });

async function pickRecipients(user: User, ...names: string[]) {
  await user.click(screen.getByRole('button', { name: /Recipients/ }));
  for (const name of names) await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  await user.keyboard('{Escape}');
}

async function fillMessage(user: User, subject = 'Week 2', content = 'Hello {client_name}') {
  await user.type(screen.getByLabelText('Subject'), subject);
  await user.type(screen.getByLabelText(/^Message content/), content.replace(/[{[]/g, '$&$&'));
}

// The send-time fields (Cloudscape's date picker) load with the first "Schedule for later". Their first
// import in a test run is transformed on the spot, which on a busy machine took longer than findBy waits:
// load them once before the tests, which are about what the fields do.
beforeAll(async () => {
  await import('./send-time-fields');
}, 60_000);

describe('compose', () => {
  it('labels the way back from where the trainer came', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('goes back to Client Management when it came from a client', () => {
    setup('/dashboard/messages/compose?from=%2Fdashboard%2Fclients%2Fc-1');
    expect(screen.getByRole('link', { name: 'Back to Client Management' })).toHaveAttribute(
      'href',
      '/dashboard/clients/c-1',
    );
  });

  it('never goes back to another site', () => {
    setup('/dashboard/messages/compose?from=https%3A%2F%2Fevil.example%2Fclients');
    expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('needs a recipient, then a subject and content, before sending anything', async () => {
    const { user, calls } = setup();
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(sendButton()).toHaveAccessibleDescription('Please select at least one recipient');
    await pickRecipients(user, 'Maria Lopez');
    expect(sendButton()).not.toHaveAttribute('aria-disabled');
    await user.click(sendButton());
    expect(screen.getByText('Subject and message content are required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), '   ');
    await user.type(screen.getByLabelText(/^Message content/), 'Hi');
    await user.click(sendButton());
    expect(screen.getByText('Subject and message content are required')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('sends to the chosen clients, says how many, and returns after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = setup(
      '/dashboard/messages/compose?from=%2Fdashboard%2Fclients',
      undefined,
      userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    );
    await pickRecipients(user, 'Maria Lopez', 'Tom Baker');
    await fillMessage(user);
    await user.click(screen.getByRole('button', { name: /Priority/ }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    await user.click(sendButton());

    expect(await screen.findByText('Sent 2 message(s) successfully!', SHOWN)).toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/messages',
      body: {
        recipientIds: ['c-1', 'c-2'],
        subject: 'Week 2',
        content: 'Hello {client_name}',
        messageType: 'general',
        priority: 'urgent',
        scheduledFor: null,
      },
    });
    await vi.advanceTimersByTimeAsync(1900);
    expect(location()).toBe('/dashboard/messages/compose?from=%2Fdashboard%2Fclients');
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(location()).toBe('/dashboard/clients'));
  });

  it('schedules at a time in Eastern Time, sent as UTC', async () => {
    const { user, calls } = setup(undefined, () => json(201, { status: 'scheduled', count: 1, messageIds: ['m-1'] }));
    await pickRecipients(user, 'Maria Lopez');
    await fillMessage(user);
    await user.click(screen.getByRole('checkbox', { name: /Schedule for later/ }));
    await user.type(await screen.findByLabelText('Send date'), '2099/07/04');
    await user.type(screen.getByLabelText('Send time (Eastern Time)'), '0930');
    await user.click(screen.getByRole('button', { name: 'Schedule Message' }));
    expect(await screen.findByText('Scheduled 1 message(s) successfully!', SHOWN)).toBeInTheDocument();
    expect(posts(calls)[0].body).toMatchObject({ scheduledFor: '2099-07-04T13:30:00.000Z' });
  });

  it.each([
    // Los Angeles: daylight time from 2099-03-08; Berlin: summer time from 2099-03-29.
    ['America/Los_Angeles', 'Pacific Time', '2099/03/07', '2099-03-07T17:30:00.000Z'],
    ['America/Los_Angeles', 'Pacific Time', '2099/03/09', '2099-03-09T16:30:00.000Z'],
    ['Europe/Berlin', 'Central European Time', '2099/03/28', '2099-03-28T08:30:00.000Z'],
    ['Europe/Berlin', 'Central European Time', '2099/03/30', '2099-03-30T07:30:00.000Z'],
  ])('in the business time zone %s (%s), 09:30 on %s is sent as %s', async (zone, name, date, utc) => {
    setBusinessZone(zone);
    onTestFinished(() => setBusinessZone(DEFAULT_BUSINESS_TIME_ZONE));
    const { user, calls } = setup(undefined, () => json(201, { status: 'scheduled', count: 1, messageIds: ['m-1'] }));
    await pickRecipients(user, 'Maria Lopez');
    await fillMessage(user);
    await user.click(screen.getByRole('checkbox', { name: /Schedule for later/ }));
    await user.type(await screen.findByLabelText('Send date'), date);
    await user.type(screen.getByLabelText(`Send time (${name})`), '0930');
    await user.click(screen.getByRole('button', { name: 'Schedule Message' }));
    expect(await screen.findByText('Scheduled 1 message(s) successfully!', SHOWN)).toBeInTheDocument();
    expect(posts(calls)[0].body).toMatchObject({ scheduledFor: utc });
  });

  it('refuses a send time in the past', async () => {
    const { user, calls } = setup();
    await pickRecipients(user, 'Maria Lopez');
    await fillMessage(user);
    await user.click(screen.getByRole('checkbox', { name: /Schedule for later/ }));
    await user.type(await screen.findByLabelText('Send date'), '2020/01/01');
    await user.type(screen.getByLabelText('Send time (Eastern Time)'), '0930');
    await user.click(sendButton());
    expect(screen.getByText('The send time must be in the future')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('asks for a date and a time once Schedule for later is ticked, and sends now when it is unticked again', async () => {
    const { user, calls } = setup(undefined, () => json(201, { status: 'sent', count: 1, messageIds: ['m-1'] }));
    await pickRecipients(user, 'Maria Lopez');
    await fillMessage(user);
    const later = screen.getByRole('checkbox', { name: /Schedule for later/ });
    await user.click(later);
    await screen.findByLabelText('Send date');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Choose both a date and a time')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.click(later);
    expect(screen.queryByLabelText('Send date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Sent 1 message(s) successfully!', SHOWN)).toBeInTheDocument();
    expect(posts(calls)[0].body).toMatchObject({ scheduledFor: null });
  });

  it('says so when sending fails, and stays', async () => {
    const { user } = setup(undefined, () => json(500, { error: { message: 'Something went wrong.' } }));
    await pickRecipients(user, 'Maria Lopez');
    await fillMessage(user);
    await user.click(sendButton());
    expect(await screen.findByText('Failed to send messages. Please try again.', SHOWN)).toBeInTheDocument();
    expect(location()).toBe('/dashboard/messages/compose');
    expect(sendButton()).not.toHaveAttribute('aria-disabled');
  });

  it('preselects ?recipient= and prefills ?subject=', async () => {
    const { user, calls } = setup('/dashboard/messages/compose?recipient=c-9&subject=Re%3A%20Walks');
    expect(await screen.findByText('Nora Baptiste')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: Walks');
    await user.type(screen.getByLabelText(/^Message content/), 'See you soon');
    await user.click(sendButton());
    await screen.findByText('Sent 1 message(s) successfully!', SHOWN);
    expect(posts(calls)[0].body).toMatchObject({ recipientIds: ['c-9'], subject: 'Re: Walks' });
  });

  it('preselects every ?recipient= (a class messaged from its roster)', async () => {
    const { user, calls } = setup('/dashboard/messages/compose?recipient=c-9&recipient=c-1800&subject=Puppy%20Basics');
    expect(await screen.findByText('Nora Baptiste')).toBeInTheDocument();
    expect(await screen.findByText('Zane Whitlock')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Message content/), 'No class on Tuesday');
    await user.click(sendButton());
    await screen.findByText('Sent 2 message(s) successfully!', SHOWN);
    expect(posts(calls)[0].body).toMatchObject({ recipientIds: ['c-9', 'c-1800'], subject: 'Puppy Basics' });
  });

  it("finds recipients through the server's search and keeps the ones chosen before", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: /Recipients/ }));
    await user.click(await screen.findByRole('option', { name: /Maria Lopez/ }));
    await user.type(screen.getByLabelText('Search clients'), 'whit');
    // The typed part is highlighted in its own element: the option's name is matched by the first name.
    await user.click(await screen.findByRole('option', { name: /^Zane/ }));
    await user.keyboard('{Escape}');
    const searches = calls.filter((c) => c.url.startsWith('/api/clients?') && c.url.includes('search='));
    expect(searches.map((c) => new URL(c.url, 'http://x').searchParams.get('search'))).toEqual(['whit']);
    await fillMessage(user);
    await user.click(sendButton());
    await screen.findByText('Sent 2 message(s) successfully!', SHOWN);
    expect(posts(calls)[0].body).toMatchObject({ recipientIds: ['c-1', 'c-1800'] });
  });

  it('warns about recipients whose profile is incomplete', async () => {
    const { user } = setup();
    await pickRecipients(user, 'Tom Baker');
    const alert = screen.getByText(/has not completed their profile/);
    expect(within(alert.closest('[role]') ?? alert).getByText(/Tom Baker/)).toBeInTheDocument();
  });

  it('inserts a template: subject, content and type', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Insert template/ }));
    await user.click(await screen.findByRole('option', { name: /Weekly homework/ }));
    expect(screen.getByLabelText('Subject')).toHaveValue('Your homework for this week');
    expect(screen.getByLabelText(/^Message content/)).toHaveValue(TEMPLATE.content);
    expect(screen.getByRole('button', { name: /Message type/ })).toHaveTextContent('Homework Assignment');
    expect(screen.getByText(`${TEMPLATE.content.length} / 10,000`)).toBeInTheDocument();
  });

  it('previews the content as Markdown', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Message content/), '**Sit** <img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Message preview' });
    expect(await within(preview).findByText('Sit', { selector: 'strong' })).toBeInTheDocument();
    expect(preview.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByLabelText(/^Message content/)).toHaveValue('**Sit** <img src=x onerror=alert(1)>');
  });
});
