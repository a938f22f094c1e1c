import Alert from '@cloudscape-design/components/alert';
import { latestExpiries, vaccinationGaps, vaccinationWarning } from '#shared/contracts/vaccination-options';
import { useDogVaccinations } from '../../../lib/queries/vaccinations';

export const VACCINATION_WARNING_HEADER = 'Vaccinations not in order';

/**
 * A warning (not a block) when the chosen dog's required vaccinations (Settings → Business) are missing
 * or expired on the session's date (YYYY-MM-DD in the business's time zone).
 */
export function VaccinationWarning({ dog, date }: { dog: { id: string; label: string } | null; date: string }) {
  const records = useDogVaccinations(dog?.id);
  // A date still being typed is no day yet.
  if (!dog || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !records.data) return null;
  const gaps = vaccinationGaps(latestExpiries(records.data.items), records.data.required, date);
  const text = vaccinationWarning(gaps, dog.label);
  if (!text) return null;
  return (
    <Alert type="warning" header={VACCINATION_WARNING_HEADER}>
      {text} You can still save this session.
    </Alert>
  );
}
