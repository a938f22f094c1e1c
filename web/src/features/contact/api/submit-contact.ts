import type { ContactRequest } from '#shared/contracts/contact';

/**
 * POST /api/public/contact. Resolves only on 2xx with `{ success: true }`; network errors, other
 * statuses and `success: false` reject (the form shows the same failure text for all of them).
 */
export async function submitContactRequest(body: ContactRequest, apiUrl = '/api'): Promise<void> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/public/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!response.ok || (data as { success?: unknown } | undefined)?.success !== true) {
    const message = (data as { error?: { message?: string } } | undefined)?.error?.message;
    throw new Error(message ?? `Contact request failed (HTTP ${response.status})`);
  }
}
