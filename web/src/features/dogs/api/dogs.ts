import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dog } from '#shared/contracts/client-options';
import { apiRequest } from '../../../lib/api';
import { getIdToken } from '../../../lib/auth';
import { type PresignedPost, postToBucket } from '../../../lib/bucket-upload';
import type { PhotoType } from '../../../lib/image-rules';
import { type DogPage, dogKeys, listClientDogs, pageQuery } from '../../../lib/queries/dogs';

/** The dogs feature's HTTP calls and their queries (one place per feature; the reads other screens share are in lib/queries/dogs.ts). */

const enc = encodeURIComponent;

/** The dog form's fields as the API takes them (empty optional fields are sent as null). */
export interface DogInput {
  name: string;
  breed: string;
  birthDate: string;
  sex: 'male' | 'female' | null;
  behavioralNotes: string | null;
  medicalNotes: string | null;
  trainingGoals: string | null;
}

export type PhotoUpload = PresignedPost;

/** GET /api/me/dogs: the signed-in client's own dogs. */
export const listMyDogs = (cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<DogPage>(`/me/dogs?${pageQuery(cursor)}`, { signal });

export const createDog = (clientId: string, input: DogInput) =>
  apiRequest<{ dog: Dog }>(`/clients/${enc(clientId)}/dogs`, { method: 'POST', body: input }).then((r) => r.dog);

export const updateDog = (dogId: string, input: DogInput) =>
  apiRequest<{ dog: Dog }>(`/dogs/${enc(dogId)}`, { method: 'PATCH', body: input }).then((r) => r.dog);

export const deleteDog = (dogId: string) => apiRequest<void>(`/dogs/${enc(dogId)}`, { method: 'DELETE' });

/** POST /api/uploads/photo: a presigned POST under the caller's own prefix. */
export const createPhotoUpload = (contentType: PhotoType, size: number) =>
  apiRequest<PhotoUpload>('/uploads/photo', { method: 'POST', body: { contentType, size } });

export const attachDogPhoto = (dogId: string, key: string) =>
  apiRequest<{ dog: Dog }>(`/dogs/${enc(dogId)}/photo`, { method: 'PUT', body: { key } }).then((r) => r.dog);

/** SPEC 8: a photo upload or removal without a session fails before any request. */
const NOT_AUTHENTICATED = 'User not authenticated';

async function requireSession(): Promise<void> {
  if (!(await getIdToken())) throw new Error(NOT_AUTHENTICATED);
}

export async function removeDogPhoto(dogId: string): Promise<Dog> {
  await requireSession();
  const r = await apiRequest<{ dog: Dog }>(`/dogs/${enc(dogId)}/photo`, { method: 'DELETE' });
  return r.dog;
}

/** The whole photo flow: presign, upload with progress, then attach (the server checks the bytes). */
export async function uploadDogPhoto(
  dogId: string,
  file: File,
  contentType: PhotoType,
  onProgress: (percent: number) => void,
): Promise<Dog> {
  await requireSession();
  const upload = await createPhotoUpload(contentType, file.size);
  await postToBucket(upload, file, onProgress);
  return attachDogPhoto(dogId, upload.key);
}

export function useClientDogs(clientId: string) {
  return useInfiniteQuery({
    queryKey: dogKeys.ofClient(clientId),
    queryFn: ({ pageParam, signal }) => listClientDogs(clientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useMyDogs() {
  return useInfiniteQuery({
    queryKey: dogKeys.mine(),
    queryFn: ({ pageParam, signal }) => listMyDogs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

type DogPages = InfiniteData<DogPage, string | null>;

/** Puts a changed dog into the cached lists and detail, or removes a deleted one, without a reload. */
export function useDogCache() {
  const client = useQueryClient();
  const patchLists = (clientId: string, change: (items: Dog[]) => Dog[]) => {
    client.setQueryData<DogPages>(dogKeys.ofClient(clientId), (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) } : data,
    );
  };
  return {
    put(dog: Dog) {
      client.setQueryData(dogKeys.detail(dog.id), dog);
      const key = dogKeys.ofClient(dog.profileId);
      const data = client.getQueryData<DogPages>(key);
      if (data?.pages.some((p) => p.items.some((d) => d.id === dog.id))) {
        patchLists(dog.profileId, (items) => items.map((d) => (d.id === dog.id ? dog : d)));
      } else {
        void client.invalidateQueries({ queryKey: key });
      }
      void client.invalidateQueries({ queryKey: dogKeys.mine() });
    },
    remove(dog: Pick<Dog, 'id' | 'profileId'>) {
      client.removeQueries({ queryKey: dogKeys.detail(dog.id) });
      patchLists(dog.profileId, (items) => items.filter((d) => d.id !== dog.id));
      void client.invalidateQueries({ queryKey: dogKeys.mine() });
    },
  };
}

export function useDeleteDog() {
  const cache = useDogCache();
  return useMutation({
    mutationFn: (dog: Pick<Dog, 'id' | 'profileId'>) => deleteDog(dog.id),
    onSuccess: (_r, dog) => cache.remove(dog),
  });
}
