import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useState } from 'react';
import { type Dog, dogAge } from '#shared/contracts/client-options';
import { formatDogDate } from '../../../lib/dog-dates';

/** Shown when a dog has no photo or its photo fails to load (SPEC 9). */
export const DEFAULT_DOG_IMAGE = '/images/default-dog-480.webp';

export const sexLabel = (sex: Dog['sex']) => (sex === 'male' ? 'Male' : sex === 'female' ? 'Female' : 'Not specified');

/** A dog's photo, or the default dog image when there is none or it fails to load. */
export function DogPhoto({ dog, height = 180 }: { dog: Pick<Dog, 'name' | 'photoUrl'>; height?: number }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const src = dog.photoUrl && failed !== dog.photoUrl ? dog.photoUrl : DEFAULT_DOG_IMAGE;
  return (
    <img
      src={src}
      alt={dog.photoUrl ? `Photo of ${dog.name}` : `No photo of ${dog.name} yet`}
      loading="lazy"
      onError={() => setFailed(dog.photoUrl)}
      style={{ width: '100%', height, objectFit: 'cover', borderRadius: 8, display: 'block' }}
    />
  );
}

/** Breed, sex, age and training analytics of a dog. */
export function DogFacts({ dog, columns = 2 }: { dog: Dog; columns?: 1 | 2 | 3 | 4 }) {
  return (
    <KeyValuePairs
      columns={columns}
      items={[
        { label: 'Breed', value: dog.breed },
        { label: 'Sex', value: sexLabel(dog.sex) },
        { label: 'Age', value: dogAge(dog.birthDate) || '-' },
        { label: 'Birth date', value: formatDogDate(dog.birthDate) },
        { label: 'Total sessions', value: String(dog.trainingAnalytics.totalSessions) },
        { label: 'Last session', value: formatDogDate(dog.trainingAnalytics.lastSessionDate, 'None yet') },
      ]}
    />
  );
}

/** The dog's own notes (behaviour, health, goals), when there are any. */
export function DogNotes({ dog }: { dog: Dog }) {
  const rows = [
    ['Behavioral notes', dog.behavioralNotes],
    ['Medical notes', dog.medicalNotes],
    ['Training goals', dog.trainingGoals],
  ].filter((r): r is [string, string] => !!r[1]);
  if (rows.length === 0) return null;
  return (
    <KeyValuePairs
      columns={1}
      items={rows.map(([label, value]) => ({
        label,
        value: (
          <Box variant="p" padding="n" color="inherit">
            <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>
          </Box>
        ),
      }))}
    />
  );
}
