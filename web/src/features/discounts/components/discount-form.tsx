import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { DiscountType } from '#shared/contracts/payment-options';
import type { DiscountFields } from '../api/discounts';

const TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed_amount', label: 'Fixed amount ($)' },
];

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** SPEC 5: 8 random upper-case letters or digits. */
export function generateCode(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  // 252 is the largest multiple of 36 below 256: bytes above it are skipped so every character is equally likely.
  for (const b of bytes) if (b < 252 && out.length < length) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out.length === length ? out : generateCode(length);
}

interface Values {
  code: string;
  discountType: DiscountType;
  discountValue: string;
  expiresOn: string;
  usageLimit: string;
}

const EMPTY: Values = { code: '', discountType: 'percentage', discountValue: '', expiresOn: '', usageLimit: '' };

/** What is wrong with the form (SPEC 5), if anything; the server checks the same. */
function problemOf(v: Values): string | undefined {
  if (!v.code.trim() || v.discountValue.trim() === '') return 'Code, type and value are required';
  if (!/^[A-Za-z0-9_-]+$/.test(v.code.trim())) return 'Code may contain only letters, digits, - and _';
  const value = Number(v.discountValue);
  if (!Number.isFinite(value) || value < 0) return 'Discount value must be 0 or more';
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return 'Discount value must be in steps of 0.01';
  if (v.usageLimit.trim() !== '') {
    const limit = Number(v.usageLimit);
    if (!Number.isInteger(limit) || limit < 1) return 'Usage limit must be a whole number of at least 1';
  }
  if (v.expiresOn && Number.isNaN(Date.parse(`${v.expiresOn}T23:59:59`))) return 'Expiry must be a date';
  return undefined;
}

/** The create form: the code is upper-cased (Generate makes one), percentage or fixed, optional expiry and limit. */
export function DiscountForm({
  saving,
  onCreate,
}: {
  saving: boolean;
  /** Resolves true when the code was created (the form then clears). */
  onCreate: (fields: DiscountFields) => Promise<boolean>;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async () => {
    const found = problemOf(values);
    setProblem(found);
    if (found) return;
    const created = await onCreate({
      code: values.code.trim().toUpperCase(),
      discountType: values.discountType,
      discountValue: Number(values.discountValue),
      // The end of the chosen day, in this browser's time zone.
      expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59.999`).toISOString() : null,
      usageLimit: values.usageLimit.trim() ? Number(values.usageLimit) : null,
    });
    if (created) setValues(EMPTY);
  };

  return (
    <Container header={<Header variant="h2">Create Discount Code</Header>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SpaceBetween size="m">
          {problem && (
            <Alert type="error" statusIconAriaLabel="Error">
              {problem}
            </Alert>
          )}
          <ColumnLayout columns={2}>
            <FormField
              label="Code"
              secondaryControl={
                <Button formAction="none" disabled={saving} onClick={() => set('code')(generateCode())}>
                  Generate
                </Button>
              }
            >
              <Input
                value={values.code}
                onChange={({ detail }) => set('code')(detail.value.toUpperCase())}
                disabled={saving}
              />
            </FormField>
            <FormField label="Discount type">
              <Select
                selectedOption={TYPE_OPTIONS.find((o) => o.value === values.discountType) ?? null}
                options={TYPE_OPTIONS}
                onChange={({ detail }) => set('discountType')(detail.selectedOption.value ?? 'percentage')}
                disabled={saving}
              />
            </FormField>
            <FormField label="Discount value">
              <Input
                type="number"
                inputMode="decimal"
                step={0.01}
                value={values.discountValue}
                onChange={({ detail }) => set('discountValue')(detail.value)}
                disabled={saving}
              />
            </FormField>
            <FormField label="Usage limit" constraintText="Optional; at least 1.">
              <Input
                type="number"
                inputMode="numeric"
                value={values.usageLimit}
                onChange={({ detail }) => set('usageLimit')(detail.value)}
                disabled={saving}
              />
            </FormField>
            <FormField label="Expires on" constraintText="Optional. Format: YYYY-MM-DD.">
              <Input
                value={values.expiresOn}
                placeholder="YYYY-MM-DD"
                onChange={({ detail }) => set('expiresOn')(detail.value)}
                disabled={saving}
              />
            </FormField>
          </ColumnLayout>
          <Button variant="primary" loading={saving}>
            Create Code
          </Button>
        </SpaceBetween>
      </form>
    </Container>
  );
}
