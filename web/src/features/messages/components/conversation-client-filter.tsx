import Select from '@cloudscape-design/components/select';
import { useEffect, useRef } from 'react';
import type { ClientProfile } from '#shared/contracts/client-options';
import { fullName } from '../../../lib/format';
import { useClientPicker } from '../../../lib/queries/clients';

/** The client a list of conversations is narrowed to. */
export interface ChosenClient {
  id: string;
  name: string;
}

const option = (c: ClientProfile) => ({
  value: c.id,
  label: fullName(c),
  description: c.email,
  tags: c.isActive ? undefined : ['Deactivated'],
});

/**
 * The conversations' "Filter by client" picker: the client book's picker (the server's search for what
 * the trainer types, a page at a time, so it copes with thousands of clients), deactivated clients
 * included since their conversations stay. Loaded when the trainer asks for it (it brings Cloudscape's
 * Select into the Messages screen), so it takes the focus once shown.
 */
export function ConversationClientFilter({
  value,
  onChange,
}: {
  value?: ChosenClient;
  onChange: (client: ChosenClient) => void;
}) {
  const { items, pickerProps } = useClientPicker({ empty: 'No clients', errorText: 'Failed to load clients' }, 'all');
  const byId = new Map(items.map((c) => [c.id, c]));
  const ref = useRef<{ focus(): void }>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Select
      ref={ref}
      selectedOption={value ? { value: value.id, label: value.name } : null}
      options={items.map(option)}
      onChange={({ detail }) => {
        const c = byId.get(detail.selectedOption.value ?? '');
        if (c) onChange({ id: c.id, name: fullName(c) });
      }}
      placeholder="Choose a client"
      ariaLabel="Filter by client"
      filteringAriaLabel="Search clients"
      filteringPlaceholder="Search by name or email"
      {...pickerProps}
    />
  );
}
