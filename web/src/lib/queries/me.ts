import { apiRequest } from '../api';
import type { Role } from '../auth-context';

export interface Me {
  role: Role;
  profile: { id: string; firstName: string; lastName: string; email: string; profileCompleted: boolean };
}

/** GET /api/me: the caller's own profile and role. */
export const getMe = (signal?: AbortSignal) => apiRequest<Me>('/me', { signal });
