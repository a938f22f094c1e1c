import { paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { retryWhile } from '../retry.js';
import { db } from './client.js';
import {
  analyticsDailyEntity,
  analyticsEventEntity,
  analyticsMonthlyEntity,
  analyticsSaltEntity,
  analyticsVisitorEntity,
} from './entities/analytics-event.js';
import { bookingEntity, bookingSlotEntity, busyDayEntity } from './entities/booking.js';
import { calendarFeedEntity, calendarFeedOwnerEntity } from './entities/calendar-feed.js';
import { classAttendanceEntity } from './entities/class-attendance.js';
import { clientNoteEntity } from './entities/client-note.js';
import { connectionEntity } from './entities/connection.js';
import { contactSubmissionEntity } from './entities/contact-submission.js';
import { conversationEntity, conversationPostEntity } from './entities/conversation.js';
import { conversationTokenEntity } from './entities/conversation-token.js';
import { counterEntity } from './entities/counter.js';
import { discountCodeEntity } from './entities/discount-code.js';
import { dogEntity } from './entities/dog.js';
import { classMeetingEntity, enrolmentEntity, groupClassEntity } from './entities/group-class.js';
import { invitationEntity } from './entities/invitation.js';
import { messageEntity } from './entities/message.js';
import { messageTemplateEntity } from './entities/message-template.js';
import { messageTokenEntity } from './entities/message-token.js';
import { outboxEntity } from './entities/outbox.js';
import { paymentEntity } from './entities/payment.js';
import { profileEntity, uniqueEntity } from './entities/profile.js';
import { pushSentEntity, pushSubscriptionEntity } from './entities/push-subscription.js';
import { rateLimitEntity } from './entities/rate-limit.js';
import { referralEntity } from './entities/referral.js';
import { searchTokenEntity } from './entities/search-token.js';
import { sessionEntity } from './entities/session.js';
import { sessionCreditsEntity } from './entities/session-credits.js';
import { sessionTokenEntity } from './entities/session-token.js';
import { settingEntity } from './entities/setting.js';
import { vaccinationEntity } from './entities/vaccination.js';
import { websiteContentEntity, websiteSectionEntity } from './entities/website.js';
import { websiteRenderEntity } from './entities/website-render.js';

const entities = {
  contactSubmission: contactSubmissionEntity,
  profile: profileEntity,
  unique: uniqueEntity,
  connection: connectionEntity,
  session: sessionEntity,
  sessionToken: sessionTokenEntity,
  websiteSection: websiteSectionEntity,
  websiteContent: websiteContentEntity,
  rateLimit: rateLimitEntity,
  analyticsEvent: analyticsEventEntity,
  analyticsVisitor: analyticsVisitorEntity,
  analyticsSalt: analyticsSaltEntity,
  analyticsDaily: analyticsDailyEntity,
  analyticsMonthly: analyticsMonthlyEntity,
  dog: dogEntity,
  clientNote: clientNoteEntity,
  invitation: invitationEntity,
  counter: counterEntity,
  searchToken: searchTokenEntity,
  message: messageEntity,
  messageToken: messageTokenEntity,
  messageTemplate: messageTemplateEntity,
  conversation: conversationEntity,
  conversationPost: conversationPostEntity,
  conversationToken: conversationTokenEntity,
  setting: settingEntity,
  calendarFeed: calendarFeedEntity,
  calendarFeedOwner: calendarFeedOwnerEntity,
  outbox: outboxEntity,
  discountCode: discountCodeEntity,
  payment: paymentEntity,
  sessionCredits: sessionCreditsEntity,
  referral: referralEntity,
  vaccination: vaccinationEntity,
  websiteRender: websiteRenderEntity,
  booking: bookingEntity,
  bookingSlot: bookingSlotEntity,
  busyDay: busyDayEntity,
  pushSubscription: pushSubscriptionEntity,
  pushSent: pushSentEntity,
  groupClass: groupClassEntity,
  enrolment: enrolmentEntity,
  classMeeting: classMeetingEntity,
  classAttendance: classAttendanceEntity,
};

let cached: ReturnType<typeof build> | undefined;
function build() {
  const { doc, tableName } = db();
  return new Service(entities, { client: doc, table: tableName });
}

/**
 * The ElectroDB service bound to the configured table. Only shared/domain modules use it; handlers
 * call domain functions.
 */
export function store() {
  if (!cached) cached = build();
  return cached;
}

export function resetStore() {
  cached = undefined;
}

type WriteFn = ReturnType<typeof store>['transaction']['write'];
/** The entities a write transaction's builder receives (each with `.commit()`). */
export type TxEntities = Parameters<Parameters<WriteFn>[0]>[0];
/** One item of a write transaction. */
export type TxItem = ReturnType<Parameters<WriteFn>[0]>[number];

/**
 * Runs one DynamoDB transaction (all items or none). Returns whether it was cancelled and, per item,
 * the cancellation code (`ConditionalCheckFailed`, `None`...), so callers can tell which guard failed.
 */
export async function writeTransaction(
  build: (entities: TxEntities) => TxItem[],
): Promise<{ canceled: boolean; codes: (string | undefined)[] }> {
  // Cancelled only because another transaction was writing one of the same items (no condition
  // failed, nothing was written): the same items again after a short jittered pause. Shared items
  // such as a day's busy time (shared/domain/busy-days.ts) make this ordinary, not an error.
  return retryWhile(
    async () => {
      const result = await store()
        .transaction.write((entities) => build(entities))
        .go();
      const data = (result.data ?? []) as { rejected?: boolean; code?: string }[];
      return { canceled: result.canceled, codes: data.map((d) => (d.rejected ? (d.code ?? 'Rejected') : d.code)) };
    },
    ({ canceled, codes }) =>
      canceled &&
      codes.includes('TransactionConflict') &&
      codes.every((c) => !c || c === 'None' || c === 'TransactionConflict'),
    CONFLICT_RETRY,
  );
}

/** Tries of a transaction cancelled by a conflict with another one only. */
const CONFLICT_RETRY = { attempts: 5, firstDelayMs: 20, maxDelayMs: 200 };

/** Every page of a query, in order (the SDK's paginator follows `LastEvaluatedKey`). */
function queryPages(params: QueryCommandInput) {
  return paginateQuery({ client: db().doc }, { ...params });
}

/** How many items a query matches: `Select: COUNT` page by page (items are never returned). */
export async function countQuery(params: QueryCommandInput): Promise<number> {
  let total = 0;
  for await (const page of queryPages({ ...params, Select: 'COUNT' })) total += page.Count ?? 0;
  return total;
}

/**
 * Every item a query (ElectroDB's `.params()`) matches, page by page, as the DocumentClient returns them:
 * no per-item formatting. For a hot read of many small items whose attributes are stored under their
 * own names; the caller checks the entity (`__edb_e__`) and the shape.
 */
export async function queryRawItems(params: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(params)) items.push(...(page.Items ?? []));
  return items;
}

/** Whether a single-item write failed its condition (ElectroDB wraps the SDK's error). */
export function isConditionFailure(e: unknown): boolean {
  const text = `${(e as Error)?.name ?? ''} ${(e as Error)?.message ?? ''} ${String((e as { cause?: unknown })?.cause ?? '')}`;
  return /ConditionalCheckFailed|conditional request failed/i.test(text);
}
