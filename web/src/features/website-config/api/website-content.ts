import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentRecord, ProcessedImage, WebsiteSection } from '#shared/contracts/content';
import { apiRequest } from '../../../lib/api';
import { type PresignedPost, postToBucket } from '../../../lib/bucket-upload';

/** The website editor's HTTP calls and their queries (one place per feature). */

const enc = encodeURIComponent;

export const websiteKeys = {
  sections: ['website', 'sections'] as const,
  content: (section: string) => ['website', 'content', section] as const,
};

/** What the editor saves: status, sort order and the field values as typed. */
export interface ContentInput {
  status: 'published' | 'draft';
  sortOrder: number;
  fields: Record<string, string | null>;
}

export function useSections() {
  return useQuery({
    queryKey: websiteKeys.sections,
    queryFn: ({ signal }) => apiRequest<{ items: WebsiteSection[] }>('/website/sections', { signal }),
    select: (r) => r.items,
  });
}

export function useSectionContent(section: string | undefined) {
  return useQuery({
    queryKey: websiteKeys.content(section ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ items: ContentRecord[] }>(`/website/sections/${enc(section ?? '')}/content`, { signal }),
    select: (r) => r.items,
    enabled: Boolean(section),
  });
}

export const createContent = (section: string, input: ContentInput) =>
  apiRequest<{ content: ContentRecord }>(`/website/sections/${enc(section)}/content`, {
    method: 'POST',
    body: input,
  }).then((r) => r.content);

export const updateContent = (id: string, input: ContentInput & { version: number }) =>
  apiRequest<{ content: ContentRecord }>(`/website/content/${enc(id)}`, { method: 'PUT', body: input }).then(
    (r) => r.content,
  );

export const deleteContent = (id: string, version: number) =>
  apiRequest<void>(`/website/content/${enc(id)}?version=${version}`, { method: 'DELETE' });

/** Saving writes the record; the section's list follows. */
export function useSaveContent(section: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: { id?: string; version?: number; input: ContentInput }) =>
      id && version ? updateContent(id, { ...input, version }) : createContent(section, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: websiteKeys.content(section) }),
  });
}

export function useDeleteContent(section: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: ContentRecord) => deleteContent(c.id, c.version),
    onSettled: () => qc.invalidateQueries({ queryKey: websiteKeys.content(section) }),
  });
}

/**
 * An image chosen in the editor, uploaded when the content is saved: presigned POST with progress, then
 * the server checks it and stores the public files (WebP variants, or a sanitized SVG). Answers the
 * image's public path.
 */
export async function uploadContentImage(
  section: string,
  fieldKey: string,
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  const upload = await apiRequest<PresignedPost>('/website/uploads', {
    method: 'POST',
    body: { section, fieldKey, contentType, size: file.size },
  });
  await postToBucket(upload, file, onProgress);
  const processed = await apiRequest<ProcessedImage>('/website/images', { method: 'POST', body: { key: upload.key } });
  return processed.path;
}
