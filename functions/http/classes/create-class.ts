import { classRequest } from '../../../shared/contracts/classes.js';
import { createClass, toClassView } from '../../../shared/domain/classes.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/classes (admin): a new class, as a draft. */
export const handler = httpHandler({ body: classRequest }, async ({ body }) => ({
  status: 201,
  body: { class: toClassView(await createClass(body)) },
}));
