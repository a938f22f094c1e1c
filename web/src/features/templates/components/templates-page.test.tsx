import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MessageTemplate } from '#shared/contracts/message-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { TemplatesPage } from './templates-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const template = (over: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: 't-1',
  name: 'Homework week 1',
  subject: 'Your first homework',
  content: 'Hi {client_name}, practise sit.',
  templateType: 'homework',
  isActive: true,
  createdBy: 'admin-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const HOMEWORK = template();
const WELCOME = template({
  id: 't-2',
  name: 'Welcome pack',
  subject: 'Welcome aboard',
  content: 'Glad to have you.',
  templateType: 'welcome',
  isActive: false,
});

/** A template store behind the API; `fail` makes the named method answer 500. */
function serve(initial: MessageTemplate[] = [HOMEWORK, WELCOME], fail: Partial<Record<string, boolean>> = {}) {
  let items = [...initial];
  const calls = stubApi((call: ApiCall) => {
    if (fail[call.method]) return json(500, { error: { message: 'Something went wrong' } });
    const id = call.url.split('/').at(-1) as string;
    const body = call.body as Partial<MessageTemplate>;
    switch (call.method) {
      case 'POST': {
        const created = template({ ...body, id: 't-9' });
        items = [...items, created];
        return json(201, created);
      }
      case 'PUT':
      case 'PATCH': {
        items = items.map((t) => (t.id === id ? { ...t, ...body } : t));
        return json(
          200,
          items.find((t) => t.id === id),
        );
      }
      case 'DELETE':
        items = items.filter((t) => t.id !== id);
        return json(204);
      default:
        return json(200, { items: [...items].sort((a, b) => a.name.localeCompare(b.name)) });
    }
  });
  return calls;
}

const renderPage = () => renderAt('/admin/templates', '/admin/templates', <TemplatesPage />);
const table = () => screen.getByRole('table', { name: 'Message templates' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;
const mutations = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

async function fillForm(fields: { name?: string; subject?: string; content?: string }) {
  const dialog = screen.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) {
    const input = within(dialog).getByLabelText(label[0].toUpperCase() + label.slice(1));
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value.replace(/[{[]/g, '$&$&'));
  }
}

describe('message templates', () => {
  it('lists templates with subject, type and a status badge that says what a click does', async () => {
    serve();
    renderPage();
    await screen.findByText('Homework week 1');
    const row = rowOf('Homework week 1');
    expect(within(row).getByText('Your first homework')).toBeInTheDocument();
    expect(within(row).getByText('Homework Assignment')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Active – click to deactivate Homework week 1' })).toBeVisible();
    expect(
      within(rowOf('Welcome pack')).getByRole('button', { name: 'Inactive – click to activate Welcome pack' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Homework week 1' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Homework week 1' })).toBeInTheDocument();
  });

  it('sorts by name first, then by the column picked, and searches name, subject and content', async () => {
    serve([WELCOME, HOMEWORK]);
    renderPage();
    await screen.findByText('Homework week 1');
    const names = () =>
      within(table())
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    expect(names()).toEqual(['Homework week 1', 'Welcome pack']);
    expect(within(table()).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(table()).getByRole('button', { name: /Type/ }));
    await userEvent.click(within(table()).getByRole('button', { name: /Type/ }));
    // Welcome sorts after Homework Assignment: descending, it comes first.
    expect(names()).toEqual(['Welcome pack', 'Homework week 1']);

    const search = screen.getByRole('searchbox', { name: 'Search templates' });
    await userEvent.type(search, 'GLAD');
    expect(names()).toEqual(['Welcome pack']);
    expect(screen.getAllByText('1 matches')[0]).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(within(table()).getByText('No templates match your search.')).toBeInTheDocument();
  });

  it('shows an empty state, and a toast when the list fails to load', async () => {
    serve([]);
    const first = renderPage();
    expect(await screen.findByText('No templates yet.')).toBeInTheDocument();
    first.unmount();
    serve([], { GET: true });
    renderPage();
    expect(await screen.findByText('Failed to load templates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('requires name, subject and content, then creates a template', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('Welcome pack');
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Template' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Content')).toHaveAttribute('rows', '10');

    await fillForm({ name: 'Reminder', subject: '   ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(within(dialog).getByText('Name, subject, and content are required')).toBeInTheDocument();
    expect(mutations(calls)).toHaveLength(0);

    await fillForm({ subject: 'See you soon', content: 'Hi {client_name}!' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reminder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    expect(mutations(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/templates',
      body: {
        name: 'Reminder',
        subject: 'See you soon',
        content: 'Hi {client_name}!',
        templateType: 'reminder',
        isActive: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table()).getByText('See you soon')).toBeInTheDocument();
  });

  it('edits a template, keeping its status', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('Welcome pack');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Welcome pack' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Welcome pack');
    await fillForm({ subject: 'Welcome to the pack' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Template updated successfully')).toBeInTheDocument();
    expect(mutations(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/templates/t-2',
      body: { name: 'Welcome pack', subject: 'Welcome to the pack', templateType: 'welcome', isActive: false },
    });
    expect(await within(table()).findByText('Welcome to the pack')).toBeInTheDocument();
  });

  it('says when saving fails and keeps the form open', async () => {
    serve(undefined, { PUT: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Welcome pack' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save template')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Welcome pack' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the template Welcome pack? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mutations(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome pack' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted successfully')).toBeInTheDocument();
    expect(mutations(calls)).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/templates/t-2' })]);
    await waitFor(() => expect(within(table()).queryByText('Welcome pack')).toBeNull());
  });

  it('says when deleting fails', async () => {
    serve(undefined, { DELETE: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Welcome pack' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete template')).toBeInTheDocument();
    expect(within(table()).getByText('Welcome pack')).toBeInTheDocument();
  });

  it('toggles active and inactive from the status badge', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Active – click to deactivate Homework week 1' }));
    expect(await screen.findByText('Template deactivated successfully')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Inactive – click to activate Homework week 1' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Inactive – click to activate Welcome pack' }));
    expect(await screen.findByText('Template activated successfully')).toBeInTheDocument();
    expect(mutations(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/templates/t-1', { isActive: false }],
      ['PATCH', '/api/templates/t-2', { isActive: true }],
    ]);
  });

  it('says when the status change fails', async () => {
    serve(undefined, { PATCH: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Inactive – click to activate Welcome pack' }));
    expect(await screen.findByText('Failed to update template status')).toBeInTheDocument();
  });
});
