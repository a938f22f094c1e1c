/**
 * The field every event published by `publishEvent` carries in its detail: an id of the published
 * fact that stays the same however often it is published (docs/decisions/0019-background-work.md).
 * EventBridge gives each `PutEvents` entry a new event id, so the SDK retrying a `PutEvents` whose
 * answer was lost, or the outbox publisher publishing one outbox item again, makes a second event
 * with another id but this same dedupe id. Event handlers are idempotent on it (functions/lib/event.ts,
 * which also removes it from the detail the handler sees); an event without it (a schedule's) is
 * keyed on its EventBridge id. A one-off schedule's event carries one made of the schedule's name
 * and time (shared/adapters/scheduler.ts), so the scheduler's retries of one firing run it once.
 */
export const DEDUPE_ID = 'dedupeId';
