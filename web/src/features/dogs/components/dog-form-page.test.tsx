import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dog } from '#shared/contracts/client-options';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { createQueryClient } from '../../../lib/query';
import { ToastProvider } from '../../../lib/toasts';
import { DogFormPage } from './dog-form-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const dog = (over: Partial<Dog> = {}): Dog => ({
  id: 'dog-1',
  profileId: 'client-1',
  name: 'Biscuit',
  breed: 'Beagle',
  birthDate: '2021-04-10',
  sex: 'female',
  behavioralNotes: 'Pulls on the leash',
  trainingAnalytics: { totalSessions: 4, lastSessionDate: '2025-02-03' },
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return json(200, TEST_CONFIG);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <ToastFlashbar />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/clients/:clientId/dogs/add" element={<DogFormPage />} />
            <Route path="/dashboard/clients/:id/dogs/:dogId/edit" element={<DogFormPage />} />
            <Route path="/dashboard/clients/:id" element={<p>Client profile</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const submitButton = (name: RegExp) => screen.getByRole('button', { name });
const birthDateInput = () => screen.getByLabelText('Birth date');

/** Types into a field in one paste (per-key typing is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, name = 'Biscuit', date = '2021/04/10') {
  await fill(user, 'Name', name);
  await fill(user, 'Breed', 'Beagle');
  await user.type(birthDateInput(), date);
}

/** An XMLHttpRequest stand-in: records the form, reports upload progress, then answers 204. */
class FakeXhr {
  static sent: { url: string; form: FormData }[] = [];
  /** While set, an upload stays at 50% until the test calls `finish` (so its progress bar can be seen). */
  static hold = false;
  static finish: (() => void)[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      const done = () => {
        this.status = 204;
        this.onload?.();
      };
      if (FakeXhr.hold) FakeXhr.finish.push(done);
      else setTimeout(done, 20);
    }, 10);
  }
}

describe('DogFormPage (add)', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    FakeXhr.sent = [];
    FakeXhr.hold = false;
    FakeXhr.finish = [];
  });

  it('keeps submit disabled until name, breed and birth date are filled, with a back link to the client', async () => {
    stubApi(() => json(500));
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/add');
    expect(screen.getByRole('heading', { name: 'Add Dog', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to client profile' })).toHaveAttribute(
      'href',
      '/dashboard/clients/client-1',
    );
    expect(submitButton(/add dog/i)).toBeDisabled();
    await fill(user, 'Name', 'Biscuit');
    await fill(user, 'Breed', 'Beagle');
    expect(submitButton(/add dog/i)).toBeDisabled();
    await user.type(birthDateInput(), '2021/04/10');
    expect(submitButton(/add dog/i)).toBeEnabled();
  });

  it('refuses blank required fields and a future birth date with the spec texts, sending nothing', async () => {
    const calls = stubApi(() => json(500));
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/add');
    await fillRequired(user, '   ');
    await user.click(submitButton(/add dog/i));
    expect(await screen.findByText('Name, breed, and birth date are required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name'));
    await fill(user, 'Name', 'Biscuit');
    await user.clear(birthDateInput());
    await user.type(birthDateInput(), `${new Date().getFullYear() + 1}/01/01`);
    await user.click(submitButton(/add dog/i));
    expect(await screen.findByText('Birth date cannot be in the future')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('adds the dog with empty optional fields as null, toasts, then returns to the client after 2 s', async () => {
    const calls = stubApi((url, init) => {
      if (url === '/api/clients/client-1/dogs' && init?.method === 'POST') return json(201, { dog: dog() });
      return json(200, { items: [], cursor: null });
    });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/add');
    await fillRequired(user, '  Biscuit ');
    await fill(user, 'Training goals', '   ');
    await user.click(submitButton(/add dog/i));
    expect((await screen.findAllByText(/Biscuit has been added successfully!/)).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Biscuit',
      breed: 'Beagle',
      birthDate: '2021-04-10',
      sex: null,
      behavioralNotes: null,
      medicalNotes: null,
      trainingGoals: null,
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/clients/client-1/dogs/add');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/clients\/client-1$/));
  });

  it('shows the failure text when the server fails', async () => {
    stubApi(() => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }));
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/add');
    await fillRequired(user);
    await user.click(submitButton(/add dog/i));
    expect((await screen.findAllByText('Failed to add dog. Please try again.')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('where')).toHaveTextContent('/dogs/add');
  });

  it('checks the photo before uploading: type and size, with the spec texts', async () => {
    stubApi(() => json(500));
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/dashboard/clients/client-1/dogs/add');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'dog.gif', { type: 'image/gif' }));
    // The field's error, not the copy Cloudscape's live region announces a moment later.
    const shown = { ignore: 'script, style, [aria-live]' };
    expect(
      await screen.findByText('Please select a valid image file (JPG, PNG, WebP, or SVG)', shown),
    ).toBeInTheDocument();
    const big = new File(['x'], 'dog.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByText('File size must be less than 10MB', shown)).toBeInTheDocument();
  });

  it('uploads the chosen photo with a progress bar after adding, then attaches it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.hold = true;
    const calls = stubApi((url, init) => {
      if (url === '/api/clients/client-1/dogs') return json(201, { dog: dog() });
      if (url === '/api/uploads/photo')
        return json(201, {
          url: 'http://s3.test/media',
          fields: { key: 'clients/u/dogs/k.png' },
          key: 'clients/u/dogs/k.png',
        });
      if (url === '/api/dogs/dog-1/photo' && init?.method === 'PUT')
        return json(200, { dog: dog({ photoUrl: 'http://s3.test/media/k.png' }) });
      return json(200, { items: [], cursor: null });
    });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/add');
    await fillRequired(user);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'rex.png', { type: 'image/png' }));
    await user.click(submitButton(/add dog/i));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeXhr.finish).toHaveLength(1));
    for (const done of FakeXhr.finish) done();
    expect((await screen.findAllByText(/Biscuit has been added successfully!/)).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url === '/api/uploads/photo')?.body).toEqual({ contentType: 'image/png', size: 4 });
    expect(FakeXhr.sent[0].url).toBe('http://s3.test/media');
    expect(FakeXhr.sent[0].form.get('key')).toBe('clients/u/dogs/k.png');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ key: 'clients/u/dogs/k.png' });
  });
});

describe('DogFormPage (edit)', () => {
  beforeEach(() => resetRuntimeConfigForTests());

  it('loads the dog with its age and analytics, saves changes and reports them', async () => {
    const calls = stubApi((url, init) => {
      if (url === '/api/dogs/dog-1' && init?.method === 'PATCH') return json(200, { dog: dog({ name: 'Biscuit II' }) });
      if (url === '/api/dogs/dog-1') return json(200, { dog: dog() });
      return json(200, { items: [], cursor: null });
    });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/client-1/dogs/dog-1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Biscuit', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Biscuit');
    expect(screen.getByText('Total sessions')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await fill(user, 'Name', 'Biscuit II');
    await user.clear(screen.getByLabelText('Behavioral notes'));
    await user.click(submitButton(/save changes/i));
    expect((await screen.findAllByText(/Biscuit II has been updated successfully!/)).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'Biscuit II',
      sex: 'female',
      behavioralNotes: null,
    });
  });

  it('says so when the dog does not exist', async () => {
    stubApi(() => json(404, { error: { code: 'NOT_FOUND', message: 'Dog not found' } }));
    renderAt('/dashboard/clients/client-1/dogs/nope/edit');
    const alert = await screen.findByText('Dog not found');
    expect(within(alert.closest('[role]') ?? document.body).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
