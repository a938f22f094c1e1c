/**
 * The contact page's form is the one part of a public page that React hydrates: the page is rendered the
 * way web/scripts/prerender.tsx does (react-dom/static), then its island is hydrated the way
 * app/islands.ts does (app/contact-island.tsx), with React's development checks watching.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS_TEXT } from '#shared/contracts/contact';
import { setContent, TEST_CONFIG } from '../lib/content/test-support';
import { SiteProvider } from '../lib/site';
import { App } from './app';
import { hydrateIsland } from './contact-island';
import { watchIslands } from './islands';
import { publicPages } from './public-pages';

async function staticHtml(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider siteUrl="">
        <App pathname={location} />
      </SiteProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // The browser build of the static renderer shares React's context slots with the client renderer
  // in this one test realm: a second, empty render restores them before the client hydrates.
  await new Response((await prerender(<div />)).prelude).text();
  // React writes the hoisted head tags first; the prerender moves them to <head>.
  return html.replace(/^(\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>))+/, '');
}

describe('islands of the prerendered public pages', () => {
  it('only /contact has one: its form', async () => {
    const islands: Record<string, string[]> = {};
    for (const path of [...publicPages().map((p) => p.path), '/no/such/page']) {
      const container = document.createElement('div');
      container.innerHTML = await staticHtml(path);
      const names = [...container.querySelectorAll<HTMLElement>('[data-island]')].map((el) => el.dataset.island ?? '');
      if (names.length) islands[path] = names;
    }
    expect(islands).toEqual({ '/contact': ['contact-form'] });
  });

  it('the contact form hydrates without a mismatch, keeps what was typed and can then be sent', async () => {
    setContent({});
    const container = document.createElement('div');
    container.innerHTML = await staticHtml('/contact');
    document.body.appendChild(container);
    const island = container.querySelector<HTMLElement>('[data-island="contact-form"]') as HTMLElement;
    const submit = screen.getByRole('button', { name: 'Schedule My Free Evaluation' });
    // Prerendered: it can be pressed before its code is there (app/islands.ts holds that submit).
    expect(submit).toBeEnabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First Name'), 'Jane');

    const errors: unknown[] = [];
    // Only in this test realm (server and client renderer side by side), never in a browser.
    const SAME_REALM = 'Detected multiple renderers concurrently rendering the same context provider';
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).startsWith(SAME_REALM)) errors.push(args);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
    const recoverable = vi.fn();
    await act(async () => {
      hydrateIsland(island, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(island.dataset.hydrated).toBe('true');
    expect(submit).toBeEnabled();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    // Ids are the prerender's: the labels still name their fields.
    expect(screen.getByLabelText('Email')).toHaveAttribute('id', 'contact-email');
    container.remove();
    error.mockRestore();
    warn.mockRestore();
  });

  it('a click on Submit before the island has loaded is sent once it has, with what was typed', async () => {
    setContent({});
    const container = document.createElement('div');
    container.innerHTML = await staticHtml('/contact');
    document.body.appendChild(container);
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        if (url === '/config.json') return Response.json(TEST_CONFIG);
        if (url === '/api/public/contact') {
          sent.push(JSON.parse(String(init.body)));
          return Response.json({ success: true, id: 'c-1' }, { status: 201 });
        }
        return Response.json({ error: { message: 'Not found' } }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    // Filled in and sent while the page has only its own script: the island's code is still on its way.
    let arrive = () => {};
    const code = new Promise<void>((r) => {
      arrive = r;
    });
    const stop = watchIslands(container, {
      'contact-form': async () => {
        await code;
        return { hydrateIsland };
      },
    });
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
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Schedule My Free Evaluation' }));
    expect(sent).toEqual([]);

    await act(async () => {
      arrive();
      await code;
    });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ firstName: 'Jane', email: 'jane@example.com', dogName: 'Biscuit' });
    expect(await screen.findByText(CONTACT_SUCCESS_TEXT)).toBeInTheDocument();
    stop();
    container.remove();
    error.mockRestore();
  });
});
