import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '#shared/contracts/message-options';
import { apiRequest } from '../api';

/** The message templates' lists, which the templates screen manages and compose's picker reads. */

export const templateKeys = {
  all: ['templates'] as const,
  list: (activeOnly: boolean) => ['templates', activeOnly ? 'active' : 'all'] as const,
};

/** GET /api/templates (admin): every template, or only active ones (compose's picker). */
export const listTemplates = (activeOnly: boolean, signal?: AbortSignal) =>
  apiRequest<{ items: MessageTemplate[] }>(`/templates${activeOnly ? '?active=true' : ''}`, { signal }).then(
    (r) => r.items,
  );

export function useTemplates(activeOnly = false) {
  return useQuery({
    queryKey: templateKeys.list(activeOnly),
    queryFn: ({ signal }) => listTemplates(activeOnly, signal),
  });
}

/** The active templates compose can insert. */
export const useActiveTemplates = () => useTemplates(true);
