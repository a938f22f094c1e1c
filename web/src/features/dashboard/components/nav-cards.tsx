import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import { RouterLink } from '../../../components/portal/router-link';

export interface NavCard {
  href: string;
  title: string;
  description: string;
}

/** Cards that link to portal sections. */
export function NavCards({ items, label }: { items: NavCard[]; label: string }) {
  return (
    <Cards
      ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: label }}
      items={items}
      trackBy="href"
      cardsPerRow={[{ cards: 1 }, { minWidth: 560, cards: 2 }, { minWidth: 900, cards: 3 }]}
      cardDefinition={{
        header: (item) => (
          <RouterLink href={item.href} fontSize="heading-m">
            {item.title}
          </RouterLink>
        ),
        sections: [{ id: 'description', content: (item) => <Box color="text-body-secondary">{item.description}</Box> }],
      }}
    />
  );
}
