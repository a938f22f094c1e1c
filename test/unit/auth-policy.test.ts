import { describe, expect, it } from 'vitest';
import {
  cognitoPasswordPolicy,
  PASSWORD_EDGE_SPACE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from '../../shared/auth-policy.js';

describe('password policy', () => {
  it('is an 8-character floor without composition rules', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(cognitoPasswordPolicy()).toEqual({
      MinimumLength: 8,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
      TemporaryPasswordValidityDays: 7,
    });
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
  });

  it('accepts any 8 characters and refuses fewer', () => {
    expect(passwordProblem('')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('abcdefg')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('abcdefgh')).toBeUndefined();
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
    expect(passwordProblem('12345678')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('🐕🐕🐕🐕')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('🐕🐕🐕🐕🐕🐕🐕🐕')).toBeUndefined();
  });

  it('refuses a leading or trailing space, as Cognito does', () => {
    expect(passwordProblem(' abcdefgh')).toBe(PASSWORD_EDGE_SPACE);
    expect(passwordProblem('abcdefgh ')).toBe(PASSWORD_EDGE_SPACE);
    expect(passwordProblem('abcd efgh')).toBeUndefined();
  });
});
