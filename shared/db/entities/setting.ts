import { Entity } from 'electrodb';
import { SERVICE, updatedAtAttribute } from './common.js';

/**
 * A settings record, one item per key (SPEC 3 system_settings). Today one key exists, `business`:
 * the business's name, phone, e-mail, default session duration, hourly rate and time zone
 * (shared/domain/settings.ts). Read with one GetItem; absent values fall back to the built-ins.
 */
export const settingEntity = new Entity({
  model: { entity: 'setting', version: '1', service: SERVICE },
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string' },
    businessPhone: { type: 'string' },
    businessEmail: { type: 'string' },
    defaultSessionDuration: { type: 'number' },
    /** Dollars per hour; absent when not set. */
    hourlyRate: { type: 'number' },
    timeZone: { type: 'string' },
    /**
     * Session credits a paid evaluation / intensive program gave before services were editable (ADR 0026):
     * read only as those services' credits until the trainer saves the services.
     */
    evaluationCredits: { type: 'number' },
    intensiveCredits: { type: 'number' },
    /** The services clients pay for, offered and retired (shared/domain/services.ts); absent: SPEC 9's. */
    services: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          name: { type: 'string', required: true },
          description: { type: 'string' },
          price: { type: 'number', required: true },
          credits: { type: 'number', required: true },
          retired: { type: 'boolean' },
        },
      },
    },
    /** The vaccinations every dog must have (absent: the default ones). */
    requiredVaccines: { type: 'list', items: { type: 'string' } },
    /** Key `availability`: the bookable hours and rules (shared/contracts/booking-options.ts `Availability`). */
    availability: { type: 'any' },
    /** Profile id of the admin who saved last. */
    updatedBy: { type: 'string' },
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['key'] }, sk: { field: 'sk', composite: [] } },
  },
});
