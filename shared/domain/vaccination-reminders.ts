import { TZDate } from '@date-fns/tz';
import { sendEmail } from '../adapters/email.js';
import { cancelSchedule, type OneOffSchedule, scheduleOnce } from '../adapters/scheduler.js';
import {
  addDays,
  REMINDER_DAYS,
  type ReminderDays,
  type Vaccine,
  vaccineName,
} from '../contracts/vaccination-options.js';
import { isConditionFailure, store } from '../db/service.js';
import { formatBusinessDateTime } from './business-time.js';
import { findDog } from './dogs.js';
import { composeMessages } from './messages.js';
import { getProfileById, type Profile } from './profiles.js';
import { businessContact, businessTimeZoneSetting, preferencesOf } from './settings.js';

/**
 * Vaccination reminders (ADR 0032): 30 and 7 days before a record expires, at 9:00 in the business's
 * time zone, the client gets a portal message of type `reminder` and an e-mail. Each record has two
 * one-off schedules, `vaccination-reminder-<id>-30` and `-7`, publishing `VaccinationReminderDue`:
 * written with the record, moved when its expiry changes, removed with the record, its dog or its
 * client. The handler checks everything again when one fires and claims the reminder on the record
 * (`reminded30For` / `reminded7For` = the expiry it was sent for), so a retry reminds once.
 */

/** Reminders go at this hour of the business's day. */
const REMINDER_HOUR = 9;

/** What a reminder reads of a record. */
interface RecordForReminder {
  id: string;
  profileId: string;
  dogId: string;
  vaccine: Vaccine;
  otherName?: string;
  expiresOn: string;
  clinic: string;
  reminded30For?: string;
  reminded7For?: string;
}

export interface VaccinationReminderDueDetail {
  recordId: string;
  expiresOn: string;
  days: ReminderDays;
  siteUrl?: string;
}

export const vaccinationReminderName = (recordId: string, days: ReminderDays) =>
  `vaccination-reminder-${recordId}-${days}`;

/** When the reminder `days` before an expiry goes: 9:00 on that day in the business's time zone. */
export function vaccinationReminderTime(expiresOn: string, days: ReminderDays, timeZone: string): string {
  const [y, m, d] = addDays(expiresOn, -days).split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, REMINDER_HOUR, 0, 0, timeZone).getTime()).toISOString();
}

/**
 * Puts the record's two reminder schedules where its expiry now puts them (scheduling a name again
 * moves it); one whose time has passed is removed.
 */
export async function syncVaccinationReminders(
  record: Pick<RecordForReminder, 'id' | 'expiresOn'>,
  siteUrl: string | undefined,
  now = Date.now(),
): Promise<void> {
  const tz = await businessTimeZoneSetting();
  await Promise.all(
    REMINDER_DAYS.map((days) => {
      const at = vaccinationReminderTime(record.expiresOn, days, tz);
      if (Date.parse(at) <= now) return cancelSchedule(vaccinationReminderName(record.id, days));
      return scheduleOnce({
        name: vaccinationReminderName(record.id, days),
        at,
        event: 'VaccinationReminderDue',
        detail: {
          recordId: record.id,
          expiresOn: record.expiresOn,
          days,
          ...(siteUrl ? { siteUrl } : {}),
        } satisfies VaccinationReminderDueDetail,
      } satisfies OneOffSchedule);
    }),
  );
}

export async function cancelVaccinationReminders(recordId: string): Promise<void> {
  await Promise.all(REMINDER_DAYS.map((days) => cancelSchedule(vaccinationReminderName(recordId, days))));
}

const claimField = (days: ReminderDays) => (days === 30 ? 'reminded30For' : 'reminded7For');

/** Claims one reminder for an expiry (a conditional write): any number of retries remind once. */
async function claimReminder(recordId: string, days: ReminderDays, expiresOn: string): Promise<boolean> {
  const field = claimField(days);
  try {
    await store()
      .entities.vaccination.patch({ id: recordId })
      .set({ [field]: expiresOn })
      .where((attr, { eq, ne, notExists }) => {
        const claimed = attr[field];
        return `${eq(attr.expiresOn, expiresOn)} AND (${notExists(claimed)} OR ${ne(claimed, expiresOn)})`;
      })
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

async function releaseReminder(recordId: string, days: ReminderDays, expiresOn: string): Promise<void> {
  const field = claimField(days);
  try {
    await store()
      .entities.vaccination.patch({ id: recordId })
      .remove([field])
      .where((attr, { eq }) => eq(attr[field], expiresOn))
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** An expiry date as people read it ("Tuesday, December 1, 2026"). */
function expiryLabel(expiresOn: string, timeZone: string): string {
  const [y, m, d] = expiresOn.split('-').map(Number);
  return formatBusinessDateTime(new TZDate(y, m - 1, d, 12, 0, 0, timeZone), timeZone).date;
}

export function vaccinationReminderMessage(
  r: Pick<RecordForReminder, 'vaccine' | 'otherName' | 'expiresOn' | 'clinic'>,
  dogName: string,
  timeZone: string,
) {
  const expires = expiryLabel(r.expiresOn, timeZone);
  const name = vaccineName(r);
  return {
    subject: `Reminder: ${dogName}'s ${name} vaccination expires on ${expires}`,
    content: [
      'Hi {client_name},',
      '',
      `${dogName}'s **${name}** vaccination expires on **${expires}**.`,
      '',
      "Please book a booster with your veterinarian and add the new record (with its certificate) on your dog's page in the portal.",
    ].join('\n'),
    messageType: 'reminder' as const,
    priority: 'normal' as const,
  };
}

export type VaccinationReminderOutcome = 'sent' | 'gone' | 'moved' | 'client-inactive' | 'already-sent';

/**
 * A record's reminder time came: the client gets a portal message of type `reminder` and an e-mail
 * (the message's e-mail notice when their notifications are on, else a direct e-mail, so one e-mail
 * either way, as for session reminders). Nothing happens for a record deleted or given another expiry
 * meanwhile, for an inactive client, or when this reminder was already sent for this expiry.
 */
export async function sendVaccinationReminder(
  detail: VaccinationReminderDueDetail,
): Promise<VaccinationReminderOutcome> {
  const { data } = await store().entities.vaccination.get({ id: detail.recordId }).go();
  const record = (data ?? undefined) as RecordForReminder | undefined;
  if (!record) return 'gone';
  if (record.expiresOn !== detail.expiresOn) return 'moved';
  if (record[claimField(detail.days)] === record.expiresOn) return 'already-sent';
  const [client, dog] = await Promise.all([getProfileById(record.profileId), findDog(record.dogId)]);
  if (!dog) return 'gone';
  if (client?.role !== 'client' || !client.isActive) return 'client-inactive';
  if (!(await claimReminder(record.id, detail.days, record.expiresOn))) return 'already-sent';
  const [tz, business] = await Promise.all([businessTimeZoneSetting(), businessContact()]);
  const message = vaccinationReminderMessage(record, dog.name, tz);
  const sender = { id: 'business', firstName: business.name, lastName: '' } as Profile;
  try {
    await composeMessages(
      sender,
      { recipientIds: [client.id], ...message, scheduledFor: null },
      { siteUrl: detail.siteUrl ?? '' },
    );
  } catch (e) {
    await releaseReminder(record.id, detail.days, record.expiresOn);
    throw e;
  }
  if (!preferencesOf(client).emailNotifications) {
    const link = `${(detail.siteUrl ?? '').replace(/\/+$/, '')}/dogs/${dog.id}`;
    await sendEmail({
      to: [client.email],
      subject: message.subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
      text: [
        `Hi ${client.firstName},`,
        '',
        `${dog.name}'s ${vaccineName(record)} vaccination expires on ${expiryLabel(record.expiresOn, tz)}.`,
        "Please book a booster with your veterinarian and add the new record on your dog's page:",
        link,
        '',
        business.name,
      ].join('\n'),
      replyTo: business.email,
    });
  }
  return 'sent';
}
