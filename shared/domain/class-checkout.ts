import { CLASS_TEXTS } from '../contracts/class-options.js';
import { AppError } from '../errors.js';
import { acceptOffer } from './class-offers.js';
import { getPublishedClass } from './classes.js';
import { findDog } from './dogs.js';
import { enrol, enrolmentId, findEnrolment, vaccinationProblem } from './enrolments.js';
import { getStoredPayment } from './payment-records.js';
import { getProfileById } from './profiles.js';

/**
 * Paying for a class (docs/decisions/0076-paying-for-a-class.md). A priced class is sold through the
 * same checkout as the services: the payment is for the class's credits, priced at the class's price
 * (discount codes and referrals apply as to a service), and names the class and the dog. Once it is paid
 * (its credits added in the paid transition's transaction), the `PaymentPaid` event's handler uses them:
 * it takes the seat offered to the dog, or enrols it (a seat, or the waitlist when the class filled
 * meanwhile; the credits then stay on the balance for the seat to come or a refund).
 */

/** The service-shaped item a class checkout sells; `serviceType` of its payment. */
export const CLASS_SERVICE_ID = 'class';

export interface ClassSale {
  service: { id: string; name: string; price: number; credits: number };
  classId: string;
  dogId: string;
}

/**
 * What a checkout for `classId` and `dogId` sells, checked as an enrolment would be before anything is
 * charged: NOT_FOUND for a class not published; CONFLICT when it has started, has no price, or the dog
 * already holds a seat or a waitlist place (an offered seat may be paid for); VALIDATION for another's
 * dog or vaccinations the class refuses.
 */
export async function classToSell(
  payerId: string,
  classId: string,
  dogId: string,
  now = Date.now(),
): Promise<ClassSale> {
  const c = await getPublishedClass(classId);
  if (Date.parse(c.firstStart) <= now) throw new AppError('CONFLICT', CLASS_TEXTS.started);
  if (!c.price) throw new AppError('CONFLICT', CLASS_TEXTS.notForSale);
  const dog = await findDog(dogId);
  if (!dog || dog.profileId !== payerId) {
    throw new AppError('VALIDATION', CLASS_TEXTS.dogNotYours, { dogId: [CLASS_TEXTS.dogNotYours] });
  }
  const problem = vaccinationProblem(c, dog);
  if (problem && c.vaccinationRule === 'refuse') throw new AppError('VALIDATION', problem, { dogId: [problem] });
  const current = await findEnrolment(enrolmentId(c.id, dog.id));
  if (current && (current.status === 'enrolled' || current.status === 'waitlisted')) {
    throw new AppError('CONFLICT', CLASS_TEXTS.alreadyEnrolled);
  }
  return {
    service: { id: CLASS_SERVICE_ID, name: `${c.title} (${dog.name})`, price: c.price, credits: c.credits },
    classId: c.id,
    dogId: dog.id,
  };
}

export type PaidClassOutcome =
  | 'not-a-class'
  | 'not-paid'
  | 'already'
  | 'accepted'
  | 'enrolled'
  | 'waitlisted'
  | 'refused';

/**
 * After a class payment is paid: the dog takes the seat offered to it, or enrols. Idempotent: a dog
 * already seated or waiting is left as it is. A refusal (the class started, was deleted, or the offer
 * ended and the class is no longer open) leaves the credits on the payer's balance.
 */
export async function enrolPaidClass(paymentId: string, now = Date.now()): Promise<PaidClassOutcome> {
  const payment = await getStoredPayment(paymentId);
  if (!payment?.classId || !payment.dogId) return 'not-a-class';
  if (payment.status !== 'paid') return 'not-paid';
  const id = enrolmentId(payment.classId, payment.dogId);
  const current = await findEnrolment(id);
  if (current?.status === 'enrolled' || current?.status === 'waitlisted') return 'already';
  if (current?.status === 'offered' && current.clientId === payment.profileId) {
    try {
      await acceptOffer(payment.profileId, id, now);
      return 'accepted';
    } catch (e) {
      // The offer ended meanwhile: enrol as anyone would (a seat if one is free, else the waitlist).
      if (!(e instanceof AppError)) throw e;
    }
  }
  const payer = await getProfileById(payment.profileId);
  if (!payer) return 'refused';
  try {
    const { enrolment } = await enrol(payer, payment.classId, payment.dogId, now);
    return enrolment.status === 'enrolled' ? 'enrolled' : 'waitlisted';
  } catch (e) {
    if (e instanceof AppError) return 'refused';
    throw e;
  }
}
