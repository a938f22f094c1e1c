import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import {
  SERVICE_TEXTS as S,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_NAME_MAX,
  SERVICE_PRICE_MAX,
  type Service,
  type ServiceChange,
} from '#shared/contracts/payment-options';
import { type BusinessSettings, CREDITS_MAX, SETTINGS_TEXTS as T } from '#shared/contracts/settings-options';
import { formatDollars } from '#shared/domain/pricing';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useSaveBusinessSettings } from '../api/settings';
import type { Draft, DraftErrors } from './service-dialog';

/** The add / edit dialog (a Modal with its form) loads when it is first opened. */
const ServiceDialog = lazy(() => import('./service-dialog').then((m) => ({ default: m.ServiceDialog })));

const SERVICES_SAVED = 'Services saved successfully!';
const SERVICES_SAVE_FAILED = 'Failed to save services. Please try again.';

const priceText = (price: number) => (price === 0 ? 'Free' : formatDollars(Math.round(price * 100)));

/** The same checks as PUT /api/settings/business, with its messages; the service when all pass. */
export function validateService(
  d: Draft,
  others: Service[],
): { errors: DraftErrors; service?: Omit<ServiceChange, 'id' | 'retired'> } {
  const errors: DraftErrors = {};
  const name = d.name.trim();
  if (!name) errors.name = S.nameRequired;
  else if (name.length > SERVICE_NAME_MAX) errors.name = S.nameTooLong;
  else if (others.some((s) => s.name.toLowerCase() === name.toLowerCase())) errors.name = S.nameTaken;
  const description = d.description.trim();
  if (description.length > SERVICE_DESCRIPTION_MAX) errors.description = S.descriptionTooLong;
  const price = Number(d.price.trim());
  if (
    d.price.trim() === '' ||
    !Number.isFinite(price) ||
    price < 0 ||
    price > SERVICE_PRICE_MAX ||
    Math.abs(price * 100 - Math.round(price * 100)) > 1e-6
  )
    errors.price = S.priceInvalid;
  const credits = Number(d.credits.trim());
  if (d.credits.trim() === '' || !Number.isInteger(credits) || credits < 0 || credits > CREDITS_MAX)
    errors.credits = T.creditsInvalid;
  if (Object.keys(errors).length) return { errors };
  return { errors, service: { name, description, price: Math.round(price * 100) / 100, credits } };
}

/** Which service the dialog edits: a stored one by id, or a new one. */
type Editing = { id: string } | { id: null } | null;

/**
 * Settings → Business → Services: what clients can pay for on the payment page (name, description, price,
 * session credits given). Add, edit, retire and offer again; each change is saved at once with the stored
 * business settings (PUT /api/settings/business). A service is retired, never removed: its past payments
 * keep the name, price and credits they were made at.
 */
export function ServicesSection({ settings }: { settings: BusinessSettings }) {
  const { notify } = useToasts();
  const save = useSaveBusinessSettings();
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<Draft>({ name: '', description: '', price: '', credits: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const services = settings.services;
  const evaluation = services.find((s) => s.id === 'evaluation' && !s.retired);

  /** Saves the whole list; the answer (with new ids) replaces the cached settings. */
  const saveList = async (list: ServiceChange[]): Promise<boolean> => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ ...settings, services: list });
      notify({ type: 'success', content: SERVICES_SAVED });
      return true;
    } catch (e) {
      setFormError(e instanceof ApiError && e.status === 400 ? e.message : undefined);
      notify({ type: 'error', content: SERVICES_SAVE_FAILED });
      return false;
    }
  };

  const open = (service?: Service) => {
    setEditing({ id: service?.id ?? null });
    setDraft(
      service
        ? {
            name: service.name,
            description: service.description,
            price: String(service.price),
            credits: String(service.credits),
          }
        : { name: '', description: '', price: '', credits: '0' },
    );
    setErrors({});
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || save.isPending) return;
    const { errors: found, service } = validateService(
      draft,
      services.filter((s) => s.id !== editing.id),
    );
    setErrors(found);
    if (!service) return;
    const list: ServiceChange[] =
      editing.id === null
        ? [...services, { ...service, retired: false }]
        : services.map((s) => (s.id === editing.id ? { ...s, ...service } : s));
    if (await saveList(list)) setEditing(null);
  };

  const setRetired = (id: string, retired: boolean) =>
    void saveList(services.map((s) => (s.id === id ? { ...s, retired } : s)));

  const field = (key: keyof Draft) => ({
    value: draft[key],
    disabled: save.isPending,
    invalid: !!errors[key],
    onChange: ({ detail }: { detail: { value: string } }) => {
      setDraft((d) => ({ ...d, [key]: detail.value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="What clients can pay for on the payment page, and the session credits a paid one gives (each completed session uses one). A free service is booked without a checkout. A retired service is no longer offered; its past payments keep the name and price they were made at."
          actions={
            <Button onClick={() => open()} disabled={save.isPending}>
              Add service
            </Button>
          }
        >
          Services
        </Header>
      }
    >
      <SpaceBetween size="m">
        {evaluation && evaluation.price > 0 && (
          <Alert type="warning" header="The public site offers a free initial evaluation">
            The home, programs and contact pages promise a free evaluation, while the Initial Evaluation costs{' '}
            {priceText(evaluation.price)} here.
          </Alert>
        )}
        {formError && !editing && <Alert type="error">{formError}</Alert>}
        {/* Scrolls sideways on its own on a narrow screen, as Cloudscape's tables do. */}
        <div className="services-table-scroll">
          <table className="services-table" aria-label="Services">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Price</th>
                <th scope="col">Credits given</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {services.length === 0 && (
                <tr>
                  <td colSpan={6}>
                    <Box>No services yet.</Box>
                  </td>
                </tr>
              )}
              {services.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>{s.description || '-'}</td>
                  <td>{priceText(s.price)}</td>
                  <td>{s.credits}</td>
                  <td>
                    {s.retired ? (
                      <StatusIndicator type="stopped">Retired</StatusIndicator>
                    ) : (
                      <StatusIndicator type="success">Offered</StatusIndicator>
                    )}
                  </td>
                  <td>
                    <SpaceBetween size="xs" direction="horizontal">
                      <Button
                        variant="inline-link"
                        ariaLabel={`Edit ${s.name}`}
                        disabled={save.isPending}
                        onClick={() => open(s)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="inline-link"
                        ariaLabel={s.retired ? `Offer ${s.name} again` : `Retire ${s.name}`}
                        disabled={save.isPending}
                        onClick={() => setRetired(s.id, !s.retired)}
                      >
                        {s.retired ? 'Offer again' : 'Retire'}
                      </Button>
                    </SpaceBetween>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SpaceBetween>
      {editing !== null && (
        <Suspense fallback={null}>
          <ServiceDialog
            adding={editing.id === null}
            formError={formError}
            errors={errors}
            pending={save.isPending}
            field={field}
            onCancel={() => setEditing(null)}
            onSubmit={(e) => void submit(e)}
          />
        </Suspense>
      )}
    </Container>
  );
}
