import { useQuery } from '@tanstack/react-query';
import type { WebsiteLiveStatus } from '#shared/contracts/website-live';
import { apiRequest } from '../../../lib/api';

/** GET /api/admin/website/{section}/live: when the section's pages went live, or the last render's failure. */
export const fetchWebsiteLive = (section: string) =>
  apiRequest<WebsiteLiveStatus>(`/admin/website/${encodeURIComponent(section)}/live`);

/** Asked again every few seconds while a render may be running (a publish shows within seconds). */
export const useWebsiteLive = (section: string, refetchMs = 5000) =>
  useQuery({
    queryKey: ['website-live', section],
    queryFn: () => fetchWebsiteLive(section),
    refetchInterval: refetchMs,
  });
