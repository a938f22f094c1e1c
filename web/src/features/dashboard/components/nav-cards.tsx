import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { RouterLink } from '../../../components/portal/router-link';
import './nav-cards.css';

export interface NavCard {
  href: string;
  title: string;
  description: string;
}

/**
 * Cards that link to portal sections: a list of Cloudscape containers in a grid (one a row, two from
 * 560 px of room, three from 900 px), without Cloudscape's Cards and the table internals it brings.
 */
export function NavCards({ items, label }: { items: NavCard[]; label: string }) {
  return (
    <div className="nav-cards">
      <ul className="nav-cards__list" aria-label={label}>
        {items.map((item) => (
          <li key={item.href}>
            <Container
              fitHeight
              header={
                <RouterLink href={item.href} fontSize="heading-m">
                  {item.title}
                </RouterLink>
              }
            >
              <Box color="text-body-secondary">{item.description}</Box>
            </Container>
          </li>
        ))}
      </ul>
    </div>
  );
}
