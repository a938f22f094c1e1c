import { AppError } from '../errors.js';
import { businessDate } from './business-time.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * A dog's birth date is "not in the future" by the business's calendar (its saved time zone), as the
 * portal's forms judge it on the trainer's clock: in the evening in Florida the UTC date is already
 * tomorrow, and that date is still refused. The contracts only bound the date by the latest calendar
 * date anywhere (shared/contracts/birth-date.ts); this is the exact check.
 */
export async function assertBirthDateNotFuture(
  dates: { birthDate: string; field: string }[],
  message: string,
  now = new Date(),
): Promise<void> {
  if (dates.length === 0) return;
  const today = businessDate(now, await businessTimeZoneSetting());
  const late = dates.filter((d) => d.birthDate > today);
  if (late.length === 0) return;
  throw new AppError('VALIDATION', message, Object.fromEntries(late.map((d) => [d.field, [message]])));
}
