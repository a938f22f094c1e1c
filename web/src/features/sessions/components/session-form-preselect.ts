import { useEffect, useRef } from 'react';
import { fullName } from '../../../lib/format';
import { useDog } from '../../../lib/queries/dogs';
import { useClientProfile, useDogsOfClient } from '../api/sessions';

/** A client or dog chosen in the session form. */
export interface Choice {
  id: string;
  label: string;
}

/**
 * The session form's choices from its URL, on create only: `?dog=` chooses the dog and its client;
 * `?client=` the client and, when they have exactly one dog, that dog (the client book's "Schedule session").
 * Only an active client is chosen. `chosenClientId` is the form's client now: the sole dog is chosen only
 * while the preselected client still is, and `setDog` keeps a dog the trainer chose meanwhile.
 */
export function usePreselection(
  params: URLSearchParams,
  enabled: boolean,
  chosenClientId: string | undefined,
  setClient: (c: Choice) => void,
  setDog: (next: (current: Choice | null) => Choice | null) => void,
) {
  const dogId = enabled ? (params.get('dog') ?? undefined) : undefined;
  const clientOnly = enabled && !dogId ? (params.get('client') ?? undefined) : undefined;
  const preDog = useDog(dogId);
  const preClient = useClientProfile(preDog.data?.profileId ?? clientOnly);
  const preDogs = useDogsOfClient(clientOnly);
  const done = useRef(false);

  const dog = preDog.data;
  const client = preClient.data?.client;
  useEffect(() => {
    if (done.current || !client || (dogId ? !dog : client.id !== clientOnly)) return;
    done.current = true;
    if (!client.isActive) return;
    setClient({ id: client.id, label: fullName(client) });
    if (dog) setDog(() => ({ id: dog.id, label: dog.name }));
  }, [dogId, dog, clientOnly, client, setClient, setDog]);

  const dogs = preDogs.hasNextPage === false ? (preDogs.data?.pages.flatMap((p) => p.items) ?? []) : [];
  const soleDog = dogs.length === 1 ? dogs[0] : undefined;
  const soleDogChosen = useRef(false);
  useEffect(() => {
    if (soleDogChosen.current || !soleDog || !clientOnly || chosenClientId !== clientOnly) return;
    soleDogChosen.current = true;
    setDog((current) => current ?? { id: soleDog.id, label: soleDog.name });
  }, [soleDog, clientOnly, chosenClientId, setDog]);
}
