/**
 * Links between the trainer's screens that carry a choice along (a feature links to another feature's
 * screen only through these): compose with a client preselected (`?recipient=`, the compose screen's
 * Cancel and Back return to `from`), the session form with a client preselected (`?client=`).
 */
const enc = encodeURIComponent;

/** Compose a message to one client. */
export function messageClientHref(clientId: string, from?: string): string {
  const q = new URLSearchParams({ recipient: clientId });
  if (from) q.set('from', from);
  return `/dashboard/messages/compose?${q}`;
}

/** Schedule a session for one client (their only dog is chosen too). */
export const scheduleForClientHref = (clientId: string) => `/dashboard/sessions/create?client=${enc(clientId)}`;

/** A client's profile in the client book. */
export const clientProfileHref = (clientId: string) => `/dashboard/clients/${enc(clientId)}`;
