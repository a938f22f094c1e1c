import { getAdminDashboardCounts } from '../../../shared/domain/dashboard.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/dashboard/admin: New Inquiries, Active Clients, This Week's Sessions (admin). */
export const handler = httpHandler({}, async () => ({ body: await getAdminDashboardCounts() }));
