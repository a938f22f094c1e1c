import type { AnalyticsEventInput } from '../contracts/analytics.js';
import { store } from '../db/service.js';

const RETENTION_SECONDS = 400 * 24 * 60 * 60;

/** Reduces a page location to its path, so no query strings (tokens, e-mails) are stored. */
export function pagePath(location: string | undefined): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
}

export async function recordAnalyticsEvent(input: AnalyticsEventInput, now = new Date()) {
  const at = now.toISOString();
  await store()
    .entities.analyticsEvent.create({
      day: at.slice(0, 10),
      at,
      name: input.name,
      page: pagePath(input.page_location),
      ...(input.name === 'page_view'
        ? { pageTitle: input.page_title }
        : { formName: input.form_name, program: input.program, hasDogInfo: input.has_dog_info }),
      expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
    })
    .go();
}

/** Events of one UTC day in time order (one partition query). */
export async function listAnalyticsEventsOfDay(day: string) {
  const { data } = await store().entities.analyticsEvent.query.byDay({ day }).go({ pages: 'all' });
  return data;
}
