import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CMS_TEXTS } from '#shared/content/cms-fields';
import type { ContentRecord, WebsiteSection } from '#shared/contracts/content';
import { INVALID_PHOTO, PHOTO_TOO_LARGE } from '../../../lib/image-rules';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { WebsiteConfigPage } from './website-config-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
}));

const SECTION: WebsiteSection = {
  sectionKey: 'testimonials',
  displayName: 'Testimonials',
  description: 'What clients say',
  sectionType: 'collection',
  sortOrder: 1,
};

const RECORD: ContentRecord = {
  id: 'rec-1',
  sectionKey: 'testimonials',
  title: 'Maria Lopez',
  status: 'published',
  sortOrder: 0,
  fields: {
    client_name: { value: 'Maria Lopez', type: 'text' },
    testimonial_text: { value: 'Bella walks beautifully now.', type: 'textarea' },
    photo: { value: null, type: 'image' },
    location: { value: 'Sarasota, FL', type: 'text' },
  },
  version: 3,
  updatedByName: 'Jane Trainer',
  createdAt: '2026-03-01T15:00:00.000Z',
  updatedAt: '2026-03-02T15:00:00.000Z',
} as unknown as ContentRecord;

const failure = (status: number, code: string, message: string) => json(status, { error: { code, message } });

/**
 * The editor's API: sections and the section's one record; `writes` answers every other call (saves,
 * uploads, deletes). Returns the calls made.
 */
function api(writes: (call: ApiCall) => Response) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.url.endsWith('/api/website/sections')) return json(200, { items: [SECTION] });
    if (call.method === 'GET' && call.url.endsWith('/api/website/sections/testimonials/content')) {
      return json(200, { items: [RECORD] });
    }
    return writes(call);
  });
}

const writesOf = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

const show = () => renderAt('/dashboard/website-config', '/dashboard/website-config', <WebsiteConfigPage />);

/** Opens the record's editor. */
async function edit() {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Maria Lopez' }));
  return screen.findByRole('button', { name: 'Save Content' });
}

const choosePhoto = (file: File) =>
  fireEvent.change(screen.getByLabelText('Choose Photo'), { target: { files: [file] } });

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'bella.png', { type: 'image/png' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('website editor: saving', () => {
  it('says a newer save by someone else refused this one (stale version) and keeps the edit open', async () => {
    const calls = api(() => failure(409, 'CONFLICT', CMS_TEXTS.staleVersion));
    const save = await edit();
    await userEvent.click(save);
    expect(await screen.findByText(`Error saving content: ${CMS_TEXTS.staleVersion}`)).toBeInTheDocument();
    expect(writesOf(calls)).toEqual(['PUT /api/website/content/rec-1']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ version: 3 });
    // The editor stays open with what was typed, to be saved again after a reload.
    expect(screen.getByRole('button', { name: 'Save Content' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Bella walks beautifully now.')).toBeInTheDocument();
  });

  it('says Error saving content with the reason, and the field the server names', async () => {
    api(() =>
      json(400, {
        error: {
          code: 'VALIDATION',
          message: 'Location is too long',
          fields: { 'fields.location': ['Location is too long'] },
        },
      }),
    );
    await userEvent.click(await edit());
    expect(await screen.findByText('Error saving content: Location is too long')).toBeInTheDocument();
    expect(screen.getAllByText('Location is too long').length).toBeGreaterThan(0);
  });
});

describe('website editor: images', () => {
  it('refuses a file that is not an image before anything is uploaded', async () => {
    const calls = api(() => json(500, {}));
    await edit();
    choosePhoto(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findAllByText(INVALID_PHOTO)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/uploaded when you save/)).toBeNull();
    expect(writesOf(calls)).toEqual([]);
  });

  it('refuses an image over 10 MB before anything is uploaded', async () => {
    const calls = api(() => json(500, {}));
    await edit();
    choosePhoto(png(10 * 1024 * 1024 + 1));
    expect((await screen.findAllByText(PHOTO_TOO_LARGE)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/uploaded when you save/)).toBeNull();
    expect(writesOf(calls)).toEqual([]);
  });

  it('says Upload failed with the reason and saves nothing when the upload is refused', async () => {
    const calls = api((call) =>
      call.url.endsWith('/api/website/uploads')
        ? failure(503, 'UNAVAILABLE', 'Storage is not available')
        : json(200, { content: RECORD }),
    );
    await edit();
    choosePhoto(png());
    expect(await screen.findByText('bella.png: uploaded when you save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Content' }));
    expect(await screen.findByText('Upload failed: Storage is not available')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual(['POST /api/website/uploads']);
    expect(calls.find((c) => c.url.endsWith('/api/website/uploads'))?.body).toMatchObject({
      section: 'testimonials',
      fieldKey: 'photo',
      contentType: 'image/png',
      size: 64,
    });
  });
});

describe('website editor: deleting', () => {
  it('says Error deleting content when the delete fails, and the record stays listed', async () => {
    const calls = api(() => failure(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Maria Lopez' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting content')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual(['DELETE /api/website/content/rec-1?version=3']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit Maria Lopez' })).toBeInTheDocument();
  });
});
