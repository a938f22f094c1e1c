import Box from '@cloudscape-design/components/box';
import Cards, { type CardsProps } from '@cloudscape-design/components/cards';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { SessionView } from '#shared/contracts/session-options';
import { detailItems } from './session-details';
import { formatStart } from './session-format';
import type { SessionListProps } from './session-views';
import './sessions.css';

/** The Details view: every session as a card with its full details. */
export function SessionCards({
  items,
  loading,
  admin,
  label,
  header,
  filter,
  pagination,
  empty,
  actions,
}: SessionListProps) {
  const sections: CardsProps.SectionDefinition<SessionView>[] = [
    { id: 'details', content: (s) => <KeyValuePairs columns={1} items={detailItems(s, admin)} /> },
  ];
  if (actions) {
    sections.push({
      id: 'actions',
      content: actions,
    });
  }
  return (
    <Cards
      items={items}
      trackBy="id"
      loading={loading}
      loadingText="Loading sessions"
      variant="container"
      ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: label }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 640, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      cardDefinition={{
        header: (s) => (
          <Box variant="h3" padding="n">
            {admin ? `${s.clientName} · ${s.dogName}` : s.dogName}
            <Box color="text-body-secondary" fontSize="body-s" fontWeight="normal">
              {formatStart(s)}
            </Box>
          </Box>
        ),
        sections,
      }}
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
    />
  );
}
