import { describe, expect, it } from 'vitest';
import { contactRequestSchema, listContactSubmissionsQuery } from '../../shared/contracts/contact.js';

const valid = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'Jane@Example.com',
  phone: '(941) 555-0100',
  program: 'puppyFoundations',
  message: 'Our puppy jumps on guests.',
  dogName: 'Biscuit',
  dogBreed: 'Cockapoo',
  dogBirthDate: '2025-03-01',
  dogSex: 'female',
};

describe('contact request contract', () => {
  it('accepts a complete request and trims text', () => {
    const r = contactRequestSchema.parse({ ...valid, firstName: '  Jane ' });
    expect(r.firstName).toBe('Jane');
    expect(r.email).toBe('Jane@Example.com');
  });

  it.each(Object.keys(valid))('requires %s', (field) => {
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const r = contactRequestSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });

  it('rejects blank strings, bad e-mail, wrong enum values and dates', () => {
    expect(contactRequestSchema.safeParse({ ...valid, firstName: '   ' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, program: 'agility' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, dogSex: 'unknown' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, dogBirthDate: '03/01/2025' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, phone: 'call me' }).success).toBe(false);
  });

  it('rejects wrong types, oversize strings and unknown fields', () => {
    expect(contactRequestSchema.safeParse({ ...valid, dogName: 42 }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, message: 'x'.repeat(5001) }).success).toBe(false);
    const extra = contactRequestSchema.safeParse({ ...valid, isAdmin: true });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('lets the honeypot through for the handler to judge', () => {
    expect(contactRequestSchema.parse({ ...valid, website: 'http://spam' }).website).toBe('http://spam');
  });
});

describe('contact submissions list query', () => {
  it('defaults to new and splits a comma list', () => {
    expect(listContactSubmissionsQuery.parse({}).status).toEqual(['new']);
    expect(listContactSubmissionsQuery.parse({ status: 'new,contacted' }).status).toEqual(['new', 'contacted']);
  });
  it('rejects unknown statuses', () => {
    expect(listContactSubmissionsQuery.safeParse({ status: 'new,archived' }).success).toBe(false);
  });
});
