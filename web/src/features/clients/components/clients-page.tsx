import { PortalPlaceholderPage } from '../../portal/components/portal-placeholder-page';

/** Being built (client book issue). */
export function ClientsPage() {
  return <PortalPlaceholderPage />;
}
