import Badge from '@cloudscape-design/components/badge';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ClientProfile } from '#shared/contracts/client-options';

/** Deactivated, profile completed, or profile incomplete. */
export function ClientStatus({ client }: { client: Pick<ClientProfile, 'isActive' | 'profileCompleted'> }) {
  if (!client.isActive) return <Badge color="grey">Deactivated</Badge>;
  return client.profileCompleted ? (
    <StatusIndicator type="success">Profile complete</StatusIndicator>
  ) : (
    <StatusIndicator type="pending">Profile incomplete</StatusIndicator>
  );
}
