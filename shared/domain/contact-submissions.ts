import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ContactRequest, ContactStatus, ContactSubmission } from '../contracts/contact.js';
import { CONTACT_STATUSES } from '../contracts/contact.js';
import { db } from '../db/client.js';
import { store } from '../db/service.js';

type Stored = Omit<ContactSubmission, 'assignedProfileId'> & { assignedProfileId?: string; updatedAt?: string };

function toContract(item: Stored): ContactSubmission {
  const { updatedAt: _u, ...rest } = item;
  return rest;
}

/** Stores a free-evaluation request with status `new`. */
export async function createContactSubmission(input: Omit<ContactRequest, 'website'>): Promise<ContactSubmission> {
  const { data } = await store()
    .entities.contactSubmission.create({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone,
      dogName: input.dogName,
      dogBreed: input.dogBreed,
      dogSex: input.dogSex,
      dogBirthDate: input.dogBirthDate,
      program: input.program,
      message: input.message,
    })
    .go();
  return toContract(data as Stored);
}

/** Submissions with any of the given statuses, newest first. One index query per status. */
export async function listContactSubmissions(statuses: readonly ContactStatus[]): Promise<ContactSubmission[]> {
  const lists = await Promise.all(
    [...new Set(statuses)].map((status) =>
      store().entities.contactSubmission.query.byStatus({ status }).go({ order: 'desc', pages: 'all' }),
    ),
  );
  return lists
    .flatMap((l) => l.data as Stored[])
    .map(toContract)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Number of submissions per status (index queries with Select COUNT, never a scan). */
export async function countContactSubmissionsByStatus(): Promise<Record<ContactStatus, number>> {
  const entity = store().entities.contactSubmission;
  const counts = await Promise.all(
    CONTACT_STATUSES.map(async (status) => {
      const params = entity.query.byStatus({ status }).params() as QueryCommandInput;
      let total = 0;
      let start: QueryCommandInput['ExclusiveStartKey'];
      do {
        const res = await db().doc.send(new QueryCommand({ ...params, Select: 'COUNT', ExclusiveStartKey: start }));
        total += res.Count ?? 0;
        start = res.LastEvaluatedKey;
      } while (start);
      return [status, total] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ContactStatus, number>;
}
