import type { BusEvent } from '../../shared/adapters/events.js';
import { closeConnections } from '../../shared/adapters/realtime.js';
import type { ClientAccessRevokedDetail } from '../../shared/contracts/clients.js';
import { logger } from '../lib/logger.js';

/** A deactivated or deleted client's open WebSocket connections are closed at once. */
export const handler = async (event: BusEvent<ClientAccessRevokedDetail>) => {
  await closeConnections(event.detail.connectionIds);
  logger.info('Client connections closed', { count: event.detail.connectionIds.length });
};
