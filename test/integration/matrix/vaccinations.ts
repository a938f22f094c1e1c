import { addDays } from '../../../shared/contracts/vaccination-options.js';
import { store } from '../../../shared/db/service.js';
import { dogOf } from './dogs-and-notes.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

const vaccinationBody = () => ({
  vaccine: 'rabies',
  givenOn: addDays(new Date().toISOString().slice(0, 10), -300),
  expiresOn: addDays(new Date().toISOString().slice(0, 10), 60),
  clinic: 'Matrix Vet',
});

/** A record of a dog of client A with a certificate, written through the store (the routes are the subject). */
async function recordOfA(u: MatrixUsers) {
  const dog = await dogOf(u.clientA.profileId);
  const key = `clients/${u.clientA.userId}/certificates/matrix.pdf`;
  const { data } = await store()
    .entities.vaccination.create({
      profileId: dog.profileId,
      dogId: dog.id,
      ...vaccinationBody(),
      vaccine: 'rabies',
      certificateKey: key,
      certificateContentType: 'application/pdf',
    })
    .go();
  return data;
}

/** Vaccination records: a client only their own dogs' records and certificates; verification and the due list the trainer's. */
export const vaccinationsExpectations: Expectations = {
  'GET /api/dogs/{dogId}/vaccinations': {
    request: async (u) => ({ path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}/vaccinations` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'POST /api/dogs/{dogId}/vaccinations': {
    request: async (u) => ({
      path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}/vaccinations`,
      body: vaccinationBody(),
    }),
    status: { anonymous: 401, clientA: 201, clientB: 404, admin: 403 },
  },
  'PUT /api/vaccinations/{recordId}': {
    request: async (u) => ({ path: `/api/vaccinations/${(await recordOfA(u)).id}`, body: vaccinationBody() }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 403 },
  },
  'DELETE /api/vaccinations/{recordId}': {
    request: async (u) => ({ path: `/api/vaccinations/${(await recordOfA(u)).id}` }),
    status: { anonymous: 401, clientA: 204, clientB: 404, admin: 403 },
  },
  'POST /api/vaccinations/{recordId}/verify': {
    request: async (u) => ({ path: `/api/vaccinations/${(await recordOfA(u)).id}/verify` }),
    status: ADMIN_ONLY,
  },
  'GET /api/vaccinations/{recordId}/certificate': {
    // Client B asking for client A's certificate gets the answer of a record that does not exist.
    request: async (u) => ({ path: `/api/vaccinations/${(await recordOfA(u)).id}/certificate` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'POST /api/uploads/certificate': {
    request: () => ({ path: '/api/uploads/certificate', body: { contentType: 'application/pdf', size: PDF.length } }),
    status: { anonymous: 401, clientA: 201, clientB: 201, admin: 403 },
  },
  'GET /api/vaccinations/due': {
    request: () => ({ path: '/api/vaccinations/due?filter=expiring' }),
    status: ADMIN_ONLY,
  },
};
