import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { FormEvent } from 'react';
import { SERVICE_PRICE_MAX } from '#shared/contracts/payment-options';
import { CREDITS_MAX } from '#shared/contracts/settings-options';

/** The dialog's values as typed (numbers as text until saved). */
export interface Draft {
  name: string;
  description: string;
  price: string;
  credits: string;
}
export type DraftErrors = Partial<Record<keyof Draft, string>>;

/**
 * The services' add / edit dialog (Settings → Business → Services): its own chunk, loaded when the dialog is
 * first opened; the section keeps the draft, the checks and the save.
 */
export function ServiceDialog({
  adding,
  formError,
  errors,
  pending,
  field,
  onCancel,
  onSubmit,
}: {
  adding: boolean;
  formError: string | undefined;
  errors: DraftErrors;
  pending: boolean;
  field: (key: keyof Draft) => {
    value: string;
    disabled: boolean;
    invalid: boolean;
    onChange: (event: { detail: { value: string } }) => void;
  };
  onCancel: () => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <Modal visible onDismiss={onCancel} header={adding ? 'Add service' : 'Edit service'}>
      <form onSubmit={onSubmit} noValidate>
        <Form
          errorText={formError}
          actions={
            <SpaceBetween size="xs" direction="horizontal">
              <Button formAction="none" variant="link" onClick={onCancel}>
                Cancel
              </Button>
              <Button variant="primary" formAction="submit" loading={pending}>
                Save service
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="m">
            <FormField label="Name" errorText={errors.name}>
              <Input {...field('name')} ariaRequired />
            </FormField>
            <FormField label="Description" errorText={errors.description} constraintText="Optional">
              <Textarea {...field('description')} rows={2} />
            </FormField>
            <FormField label="Price (USD)" errorText={errors.price} constraintText="0 makes it free">
              <Input
                {...field('price')}
                type="number"
                inputMode="decimal"
                step={0.01}
                nativeInputAttributes={{ min: 0, max: SERVICE_PRICE_MAX }}
                ariaRequired
              />
            </FormField>
            <FormField
              label="Session credits given"
              errorText={errors.credits}
              constraintText={`Whole number, 0 to ${CREDITS_MAX}`}
            >
              <Input
                {...field('credits')}
                type="number"
                inputMode="numeric"
                step={1}
                nativeInputAttributes={{ min: 0, max: CREDITS_MAX }}
                ariaRequired
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
