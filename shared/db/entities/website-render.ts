import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * The last render of a public section's pages (functions/events/render-public-pages.ts), one item per
 * section: when its pages went live, and whether the latest render failed (the previous pages stay).
 */
export const websiteRenderEntity = new Entity({
  model: { entity: 'websiteRender', version: '1', service: SERVICE },
  attributes: {
    sectionKey: { type: 'string', required: true, readOnly: true },
    /** When the section's pages last went live (ISO). */
    liveAt: { type: 'string' },
    /** The pages that render wrote (URL paths). */
    livePaths: { type: 'list', items: { type: 'string' } },
    /** When the latest render failed (ISO), absent after a success. */
    failedAt: { type: 'string' },
    failure: { type: 'string' },
  },
  indexes: {
    bySection: { pk: { field: 'pk', composite: ['sectionKey'] }, sk: { field: 'sk', composite: [] } },
  },
});
