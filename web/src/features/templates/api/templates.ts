import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplate, MessageType } from '#shared/contracts/message-options';
import { apiRequest } from '../../../lib/api';
import { templateKeys } from '../../../lib/queries/templates';

/** Message templates' HTTP calls and their queries (one place per feature; the lists compose reads too are in lib/queries/templates.ts). */

export interface TemplateFields {
  name: string;
  subject: string;
  content: string;
  templateType: MessageType;
  isActive: boolean;
}

export const createTemplate = (fields: TemplateFields) =>
  apiRequest<MessageTemplate>('/templates', { method: 'POST', body: fields });
export const updateTemplate = (id: string, fields: TemplateFields) =>
  apiRequest<MessageTemplate>(`/templates/${encodeURIComponent(id)}`, { method: 'PUT', body: fields });
export const setTemplateStatus = (id: string, isActive: boolean) =>
  apiRequest<MessageTemplate>(`/templates/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } });
export const deleteTemplate = (id: string) =>
  apiRequest<void>(`/templates/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Applies `change` to every cached template list (all, or active only), then refetches them: the
 * screen shows the change at once and the server's order after.
 */
function changeLists(qc: QueryClient, change: (items: MessageTemplate[], activeOnly: boolean) => MessageTemplate[]) {
  for (const [key, data] of qc.getQueriesData<MessageTemplate[]>({ queryKey: templateKeys.all })) {
    if (data) qc.setQueryData(key, change(data, key[1] === 'active'));
  }
  void qc.invalidateQueries({ queryKey: templateKeys.all });
}

const byName = (a: MessageTemplate, b: MessageTemplate) => a.name.localeCompare(b.name);

/** A created or changed template in its place (by name); active-only lists drop inactive ones. */
const upsert = (t: MessageTemplate) => (items: MessageTemplate[], activeOnly: boolean) =>
  [...items.filter((i) => i.id !== t.id), ...(activeOnly && !t.isActive ? [] : [t])].sort(byName);

/** Create (no id) or update (PUT) a template. */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string; fields: TemplateFields }) =>
      id ? updateTemplate(id, fields) : createTemplate(fields),
    onSuccess: (t) => changeLists(qc, upsert(t)),
  });
}

/** The status badge: active or inactive. */
export function useSetTemplateStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setTemplateStatus(id, isActive),
    onSuccess: (t) => changeLists(qc, upsert(t)),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: (_, id) => changeLists(qc, (items) => items.filter((i) => i.id !== id)),
  });
}
