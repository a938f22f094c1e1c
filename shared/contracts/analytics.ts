import * as z from '../zod.js';

/** First-party analytics events (SPEC 7 "Analytics events"). No third-party tracker is involved. */
const pageView = z.strictObject({
  name: z.literal('page_view'),
  page_title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  page_location: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});

const formSubmit = z.strictObject({
  name: z.literal('form_submit'),
  form_name: z.literal('contact_form'),
  program: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  has_dog_info: z.boolean(),
  page_location: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
});

export const analyticsEventSchema = z.discriminatedUnion('name', [pageView, formSubmit], {
  error: 'name must be page_view or form_submit',
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;
