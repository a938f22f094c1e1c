import { photoUploadRequest } from '../../../shared/contracts/clients.js';
import { createPhotoUpload } from '../../../shared/domain/photos.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * POST /api/uploads/photo (signed-in): a presigned POST for one image under the caller's own prefix
 * (admins/{sub}/ or clients/{sub}/). The server picks the key.
 */
export const handler = clientHttpHandler({ body: photoUploadRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { status: 201, body: await createPhotoUpload(actor, body) };
});
