/**
 * Links between the trainer's screens that carry a choice along (a feature links to another feature's
 * screen only through these): compose with clients preselected (`?recipient=`, repeated; the compose screen's
 * Cancel and Back return to `from`), the session form with a client preselected (`?client=`).
 */
const enc = encodeURIComponent;

/** Compose a message to one client. */
export function messageClientHref(clientId: string, from?: string): string {
  const q = new URLSearchParams({ recipient: clientId });
  if (from) q.set('from', from);
  return `/dashboard/messages/compose?${q}`;
}

/** Most clients one link preselects (a class's seats and waitlist fit). */
export const MAX_PRESELECTED_RECIPIENTS = 100;

/** Compose a message to several clients (a class's), with a subject. */
export function messageClientsHref(clientIds: readonly string[], opts: { subject?: string; from?: string } = {}) {
  const q = new URLSearchParams();
  for (const id of [...new Set(clientIds)].slice(0, MAX_PRESELECTED_RECIPIENTS)) q.append('recipient', id);
  if (opts.subject) q.set('subject', opts.subject);
  if (opts.from) q.set('from', opts.from);
  return `/dashboard/messages/compose?${q}`;
}

/** Schedule a session for one client (their only dog is chosen too). */
export const scheduleForClientHref = (clientId: string) => `/dashboard/sessions/create?client=${enc(clientId)}`;

/** A client's profile in the client book. */
export const clientProfileHref = (clientId: string) => `/dashboard/clients/${enc(clientId)}`;

/** Pay for a seat in a priced class for one of the client's dogs (the payment screen sells the class). */
export function payForClassHref(classId: string, dogId: string): string {
  return `/payment?${new URLSearchParams({ class: classId, dog: dogId })}`;
}

/** The class and dog a payment screen link sells (`?class=&dog=`), when it names both. */
export function classSaleOf(params: URLSearchParams): { classId: string; dogId: string } | undefined {
  const classId = params.get('class');
  const dogId = params.get('dog');
  return classId && dogId ? { classId, dogId } : undefined;
}
