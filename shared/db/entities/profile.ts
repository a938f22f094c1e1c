import { Entity } from 'electrodb';
import { COMMUNICATION_PREFERENCES, SESSION_TIMES, THEMES, TIME_FORMATS } from '../../contracts/settings-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

export const ROLES = ['admin', 'client'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Where a profile stands in Client Management, kept on every write by shared/domain/clients.ts:
 * `complete` and `incomplete` are active profiles by profile_completed; `inactive` are deactivated.
 */
export const LIST_STATES = ['complete', 'incomplete', 'inactive'] as const;
export type ListState = (typeof LIST_STATES)[number];
export const listStateOf = (p: { isActive: boolean; profileCompleted: boolean }): ListState =>
  !p.isActive ? 'inactive' : p.profileCompleted ? 'complete' : 'incomplete';

export const profileEntity = new Entity({
  model: { entity: 'profile', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    /** Cognito `sub` of the user this profile belongs to. */
    userId: { type: 'string', required: true },
    role: { type: ROLES, required: true, default: 'client' },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true, default: '' },
    email: { type: 'string', required: true },
    phone: { type: 'string' },
    address: { type: 'string' },
    emergencyContact: { type: 'string' },
    emergencyPhone: { type: 'string' },
    howHeardAboutUs: { type: 'string' },
    /** Admin-only: never returned to a client. */
    notes: { type: 'string' },
    createdFromContactForm: { type: 'boolean', default: false },
    profileCompleted: { type: 'boolean', required: true, default: false },
    onboardingStep: { type: 'number', required: true, default: 0 },
    onboardingData: { type: 'any' },
    signupCompletedAt: { type: 'string' },
    isActive: { type: 'boolean', required: true, default: true },
    listState: { type: LIST_STATES, required: true, default: 'incomplete' },
    /** The client's search words (shared/db/entities/search-token.ts), so they can be replaced. */
    searchTokens: { type: 'list', items: { type: 'string' } },
    /**
     * The user's own settings (shared/domain/settings.ts); absent fields take their defaults. The
     * training fields are a client's only.
     */
    preferences: {
      type: 'map',
      properties: {
        emailNotifications: { type: 'boolean' },
        sessionReminders: { type: 'boolean' },
        theme: { type: THEMES },
        timeFormat: { type: TIME_FORMATS },
        trainingGoals: { type: 'string' },
        preferredSessionTime: { type: SESSION_TIMES },
        communicationPreference: { type: COMMUNICATION_PREFERENCES },
      },
    },
    /**
     * A client's dogs as the client list shows them (id and name, oldest first), kept by every dog
     * write in its own transaction (shared/domain/dog-names.ts); absent on profiles written before it.
     */
    dogNames: {
      type: 'list',
      items: {
        type: 'map',
        properties: { id: { type: 'string', required: true }, name: { type: 'string', required: true } },
      },
    },
    /** Delivered messages the client has not opened yet (never below zero; shared/domain/messages.ts). */
    unreadMessages: { type: 'number', required: true, default: 0 },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Every signed-in request: the caller's profile from the token `sub`. */
    byUser: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['userId'] }, sk: { field: 'gsi1sk', composite: [] } },
    /** Client lists ordered by first name (clients screen, compose recipients, session form). */
    byRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['role'] },
      sk: { field: 'gsi2sk', composite: ['firstName', 'lastName', 'id'] },
    },
    /** Client Management filters (completed, incomplete, deactivated), ordered by first name. */
    byListState: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['role', 'listState'] },
      sk: { field: 'gsi3sk', composite: ['firstName', 'lastName', 'id'] },
    },
  },
});

/**
 * A claimed unique value (e-mail, discount code, invitation token, read receipt...). Written with
 * attribute_not_exists inside the same transaction as the record it guards.
 */
export const uniqueEntity = new Entity({
  model: { entity: 'unique', version: '1', service: SERVICE },
  attributes: {
    kind: { type: 'string', required: true },
    value: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
    createdAt: createdAtAttribute,
  },
  indexes: {
    byValue: { pk: { field: 'pk', composite: ['kind', 'value'] }, sk: { field: 'sk', composite: [] } },
  },
});
