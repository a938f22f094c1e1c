import { describe, expect, it } from 'vitest';
import { analyticsDay, listAnalyticsEventsOfDay } from '../../shared/domain/analytics.js';
import { api, visitor } from '../support/api.js';

const from = visitor();

describe('POST /api/public/events', () => {
  it('stores page views and contact form submissions, keeping only the path of the page', async () => {
    const title = `Contact Form ${Date.now()}`;
    const view = await api('POST', '/api/public/events', {
      body: { name: 'page_view', page_title: title, page_location: 'http://127.0.0.1:3000/contact?email=x@y.z' },
      from,
    });
    expect(view.status).toBe(204);
    const submit = await api('POST', '/api/public/events', {
      body: { name: 'form_submit', form_name: 'contact_form', program: 'other', has_dog_info: true },
      from,
    });
    expect(submit.status).toBe(204);
    const today = await listAnalyticsEventsOfDay(await analyticsDay(new Date()));
    const stored = today.find((e) => e.pageTitle === title);
    expect(stored).toMatchObject({ name: 'page_view', page: '/contact' });
    expect(JSON.stringify(stored)).not.toContain('x@y.z');
    expect(today.some((e) => e.name === 'form_submit' && e.hasDogInfo === true)).toBe(true);
  });

  it('rejects unknown event names and fields with a 400', async () => {
    const a = await api('POST', '/api/public/events', { body: { name: 'purchase' }, from });
    expect(a.status).toBe(400);
    const b = await api('POST', '/api/public/events', {
      body: { name: 'page_view', page_title: 'x', page_location: '/x', userId: 'u' },
      from,
    });
    expect(b.status).toBe(400);
    expect(b.body.error.fields.userId).toBeDefined();
  });
});
