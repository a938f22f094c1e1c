import type { MessageTemplate, TemplateRequest } from '../contracts/messages.js';
import { isConditionFailure, store } from '../db/service.js';
import { AppError } from '../errors.js';

/** SPEC 3 message_templates: the trainer's reusable messages (a small list, read whole). */

export async function listTemplates(opts: { activeOnly?: boolean } = {}): Promise<MessageTemplate[]> {
  const q = store().entities.messageTemplate.query.byName({});
  const { data } = await (opts.activeOnly ? q.where(({ isActive }, { eq }) => eq(isActive, true)) : q).go({
    pages: 'all',
  });
  return data as MessageTemplate[];
}

export async function createTemplate(createdBy: string, input: TemplateRequest): Promise<MessageTemplate> {
  const { data } = await store()
    .entities.messageTemplate.create({ ...input, createdBy })
    .go();
  return data as MessageTemplate;
}

const notFound = (e: unknown) => (isConditionFailure(e) ? new AppError('NOT_FOUND', 'Template not found') : e);

export async function updateTemplate(id: string, input: TemplateRequest): Promise<MessageTemplate> {
  try {
    const { data } = await store()
      .entities.messageTemplate.patch({ id })
      .set({ ...input })
      .go({ response: 'all_new' });
    return data as MessageTemplate;
  } catch (e) {
    throw notFound(e);
  }
}

export async function setTemplateStatus(id: string, isActive: boolean): Promise<MessageTemplate> {
  try {
    const { data } = await store().entities.messageTemplate.patch({ id }).set({ isActive }).go({ response: 'all_new' });
    return data as MessageTemplate;
  } catch (e) {
    throw notFound(e);
  }
}

export async function deleteTemplate(id: string): Promise<void> {
  try {
    await store()
      .entities.messageTemplate.delete({ id })
      .where((attr, { exists }) => exists(attr.id))
      .go();
  } catch (e) {
    throw notFound(e);
  }
}
