import { Entity } from 'electrodb';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

export const SECTION_TYPES = ['single', 'collection'] as const;
export const CONTENT_STATUSES = ['published', 'draft'] as const;

const sortOrder = { type: 'number', required: true, default: 0, padding: { length: 6, char: '0' } } as const;

export const websiteSectionEntity = new Entity({
  model: { entity: 'websiteSection', version: '1', service: SERVICE },
  attributes: {
    sectionKey: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    description: { type: 'string' },
    sectionType: { type: SECTION_TYPES, required: true },
    isActive: { type: 'boolean', required: true, default: true },
    sortOrder,
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['sectionKey'] }, sk: { field: 'sk', composite: [] } },
    bySort: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['sortOrder', 'sectionKey'] },
    },
  },
});

/** A content record of a section; its fields (website_content_fields) live inside the item. */
export const websiteContentEntity = new Entity({
  model: { entity: 'websiteContent', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    sectionKey: { type: 'string', required: true },
    title: { type: 'string', required: true },
    status: { type: CONTENT_STATUSES, required: true, default: 'draft' },
    sortOrder,
    /** field_key -> { type, value, data } */
    fields: { type: 'any', required: true, default: () => ({}) },
    /** Raised by every save; a save names the version it read (optimistic check). Missing on seeded items: 1. */
    version: { type: 'number', required: true, default: 1 },
    createdBy: { type: 'string' },
    updatedBy: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Public pages: published records of a section in sort order. */
    bySection: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sectionKey'] },
      sk: { field: 'gsi1sk', composite: ['status', 'sortOrder', 'id'] },
    },
  },
});
