import { describe, expect, it } from 'vitest';
import { toggleStatusFilter } from './status-filter';

describe('toggleStatusFilter', () => {
  it('combines New and Contacted', () => {
    expect(toggleStatusFilter(['new'], 'contacted')).toEqual(['new', 'contacted']);
    expect(toggleStatusFilter(['new', 'contacted'], 'new')).toEqual(['contacted']);
  });
  it('never leaves the selection empty', () => {
    expect(toggleStatusFilter(['new'], 'new')).toEqual(['new']);
  });
  it('makes Converted and Removed exclusive views', () => {
    expect(toggleStatusFilter(['new', 'contacted'], 'converted')).toEqual(['converted']);
    expect(toggleStatusFilter(['converted'], 'removed')).toEqual(['removed']);
    expect(toggleStatusFilter(['removed'], 'new')).toEqual(['new']);
  });
});
