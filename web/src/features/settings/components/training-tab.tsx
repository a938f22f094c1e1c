import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useState } from 'react';
import {
  COMMUNICATION_LABELS,
  COMMUNICATION_PREFERENCES,
  type CommunicationPreference,
  SESSION_TIME_LABELS,
  SESSION_TIMES,
  SETTINGS_TEXTS,
  type SessionTime,
  TRAINING_GOALS_MAX,
  TRAINING_PREFERENCE_DEFAULTS,
  type TrainingPreferences,
} from '#shared/contracts/settings-options';
import { ApiError } from '../../../lib/api';
import { usePreferences } from '../../../lib/queries/preferences';
import { useToasts } from '../../../lib/toasts';
import { useSavePreferences } from '../api/settings';
import { TabLoadError, TabLoading } from './settings-states';

const TIME_OPTIONS = SESSION_TIMES.map((value) => ({ value, label: SESSION_TIME_LABELS[value] }));
const CHANNEL_OPTIONS = COMMUNICATION_PREFERENCES.map((value) => ({ value, label: COMMUNICATION_LABELS[value] }));

function TrainingForm({ initial }: { initial: TrainingPreferences }) {
  const { notify } = useToasts();
  const save = useSavePreferences();
  const [values, setValues] = useState<TrainingPreferences>(initial);
  const [goalsError, setGoalsError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | undefined>(undefined);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    if (values.trainingGoals.trim().length > TRAINING_GOALS_MAX) {
      setGoalsError(SETTINGS_TEXTS.trainingGoalsTooLong);
      return;
    }
    try {
      const { preferences } = await save.mutateAsync({ ...values, trainingGoals: values.trainingGoals.trim() });
      setValues((v) => ({ ...v, trainingGoals: preferences.trainingGoals ?? v.trainingGoals }));
      notify({ type: 'success', content: SETTINGS_TEXTS.preferencesSaved });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.message) setFormError(e.message);
      notify({ type: 'error', content: SETTINGS_TEXTS.preferencesSaveFailed });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={formError}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Preferences'}
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description="Helps your trainer plan sessions around you and your dog.">
              Training Preferences
            </Header>
          }
        >
          <SpaceBetween size="l">
            <FormField
              label="Training goals"
              errorText={goalsError}
              constraintText={`Optional, up to ${TRAINING_GOALS_MAX} characters`}
              stretch
            >
              <Textarea
                value={values.trainingGoals}
                rows={4}
                disabled={save.isPending}
                invalid={!!goalsError}
                placeholder="For example: walk calmly on a leash, greet guests without jumping"
                onChange={({ detail }) => {
                  setValues((v) => ({ ...v, trainingGoals: detail.value }));
                  setGoalsError(undefined);
                  setFormError(undefined);
                }}
              />
            </FormField>
            <FormField label="Preferred session time">
              <Select
                selectedOption={TIME_OPTIONS.find((o) => o.value === values.preferredSessionTime) ?? null}
                options={TIME_OPTIONS}
                disabled={save.isPending}
                onChange={({ detail }) =>
                  setValues((v) => ({ ...v, preferredSessionTime: detail.selectedOption.value as SessionTime }))
                }
              />
            </FormField>
            <FormField label="Communication preference" description="How you would like your trainer to reach you.">
              <Select
                selectedOption={CHANNEL_OPTIONS.find((o) => o.value === values.communicationPreference) ?? null}
                options={CHANNEL_OPTIONS}
                disabled={save.isPending}
                onChange={({ detail }) =>
                  setValues((v) => ({
                    ...v,
                    communicationPreference: detail.selectedOption.value as CommunicationPreference,
                  }))
                }
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

/** Training Preferences (clients): goals, preferred session time and how to be reached. */
export function TrainingTab() {
  const query = usePreferences();
  if (query.isPending) return <TabLoading>Loading preferences</TabLoading>;
  if (query.isError)
    return <TabLoadError header="Error loading settings" error={query.error} onRetry={() => void query.refetch()} />;
  const p = query.data.preferences;
  return (
    <TrainingForm
      initial={{
        trainingGoals: p.trainingGoals ?? TRAINING_PREFERENCE_DEFAULTS.trainingGoals,
        preferredSessionTime: p.preferredSessionTime ?? TRAINING_PREFERENCE_DEFAULTS.preferredSessionTime,
        communicationPreference: p.communicationPreference ?? TRAINING_PREFERENCE_DEFAULTS.communicationPreference,
      }}
    />
  );
}
