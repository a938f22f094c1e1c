import { describe, expect, it } from 'vitest';
import { planHandlers } from '../../infra/cloud/handlers.js';

const caps = (handler: string) => planHandlers().find((p) => p.handler === handler)?.capabilities ?? [];

describe('what each function may do with Cognito (from the route declaration)', () => {
  it('the signup handler may set passwords; the public invitation read may not touch users', () => {
    expect(caps('http/signup/submit-signup')).toContain('users');
    expect(caps('http/signup/get-invitation')).not.toContain('users');
    expect(caps('http/signup/get-invitation')).not.toContain('users-read');
  });

  it('signed-in handlers may only look users up; admin handlers manage them', () => {
    expect(caps('http/me/get-me')).toContain('users-read');
    expect(caps('http/me/get-me')).not.toContain('users');
    expect(caps('http/clients/create-client')).toContain('users');
    expect(caps('http/contact/submit-contact')).not.toContain('users-read');
  });
});
