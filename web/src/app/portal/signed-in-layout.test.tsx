import { describe, expect, it } from 'vitest';
import { activeHref, navigationFor } from './signed-in-layout';

describe('the side navigation marks the current page', () => {
  it('an exact link first, else the longest link the path lies under', () => {
    const admin = navigationFor('admin');
    expect(activeHref(admin, '/dashboard')).toBe('/dashboard');
    expect(activeHref(admin, '/dashboard/clients')).toBe('/dashboard/clients');
    expect(activeHref(admin, '/dashboard/clients/c-1/edit')).toBe('/dashboard/clients');
    expect(activeHref(admin, '/dashboard/messages/compose')).toBe('/dashboard/messages');
    expect(activeHref(admin, '/admin/templates')).toBe('/admin/templates');
    expect(activeHref(navigationFor('client'), '/messages')).toBe('/messages');
    expect(activeHref(navigationFor('client'), '/onboarding')).toBeUndefined();
  });
});
