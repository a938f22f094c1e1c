import { certificateUploadRequest } from '../../../shared/contracts/vaccinations.js';
import { createCertificateUpload } from '../../../shared/domain/vaccinations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/uploads/certificate (client): a presigned POST for one certificate under the caller's own prefix. */
export const handler = clientHttpHandler({ body: certificateUploadRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { status: 201, body: await createCertificateUpload(actor, body) };
});
