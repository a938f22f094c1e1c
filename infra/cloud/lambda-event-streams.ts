/**
 * Replaces `@smithy/core/event-streams` in the Lambda bundles (see bundling.ts and ADR 0016). No operation
 * the functions call has an event stream (DynamoDB item operations, S3 object reads, writes, deletes and
 * presigning, Cognito admin calls, SES, EventBridge, Scheduler, API Gateway connections); a client whose
 * API has one (S3) only builds a marshaller when it is constructed, and the SDK loads the event-stream
 * serde only for an operation that streams events. Both stand-ins here fail loudly if one ever does.
 * About 15 KB less per function. Locally and in the tests the real module is used.
 */
const unsupported = (): never => {
  throw new Error('Event streams are not bundled in this function (infra/cloud/lambda-event-streams.ts)');
};

/** What a client's configuration builds its `eventStreamMarshaller` with. */
export const eventStreamSerdeProvider = () => ({ serialize: unsupported, deserialize: unsupported });

/** As the SDK's: the client configuration gets the marshaller its provider makes. */
export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

/** Loaded by the SDK's HTTP protocol only for an operation with an event stream. */
export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}
