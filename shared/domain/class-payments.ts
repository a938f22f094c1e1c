import type { ClassPayment } from '../contracts/class-options.js';
import { store } from '../db/service.js';

/**
 * The paid checkouts of a priced class (docs/decisions/0076-paying-for-a-class.md), read from the
 * payments of the clients who ever enrolled a dog in it (a payment names its class): the roster lists
 * them, and the trainer's Delete says what may be refunded.
 */
export async function classPayments(
  classId: string,
  enrolments: readonly { clientId: string; clientName: string }[],
): Promise<ClassPayment[]> {
  const names = new Map(enrolments.map((e) => [e.clientId, e.clientName]));
  const perClient = await Promise.all(
    [...names.keys()].map(async (profileId) => {
      const { data } = await store()
        .entities.payment.query.byProfile({ profileId })
        .where(({ classId: paidFor, status }, { eq }) => `${eq(paidFor, classId)} AND ${eq(status, 'paid')}`)
        .go({ pages: 'all' });
      return data;
    }),
  );
  return perClient
    .flat()
    .map((p) => ({
      id: p.id,
      clientId: p.profileId,
      clientName: names.get(p.profileId) ?? '',
      serviceName: p.serviceName ?? '',
      amountCents: p.amountCents,
      paidAt: p.paidAt ?? null,
    }))
    .sort((a, b) => (a.paidAt ?? '').localeCompare(b.paidAt ?? ''));
}
