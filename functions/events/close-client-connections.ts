import { closeConnections } from '../../shared/adapters/realtime.js';
import type { ClientAccessRevokedDetail } from '../../shared/contracts/clients.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** A deactivated or deleted client's open WebSocket connections are closed at once. */
export const handler = eventHandler<ClientAccessRevokedDetail>('events/close-client-connections', async (event) => {
  await closeConnections(event.detail.connectionIds);
  logger.info('Client connections closed', { count: event.detail.connectionIds.length });
});
