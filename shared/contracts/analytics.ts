import * as z from 'zod';

/** First-party analytics events (SPEC 7 "Analytics events"). No third-party tracker is involved. */
const pageView = z.strictObject({
  name: z.literal('page_view'),
  page_title: z.string().trim().min(1).max(200),
  page_location: z.string().trim().min(1).max(2000),
});

const formSubmit = z.strictObject({
  name: z.literal('form_submit'),
  form_name: z.literal('contact_form'),
  program: z.string().trim().max(100).optional(),
  has_dog_info: z.boolean(),
  page_location: z.string().trim().max(2000).optional(),
});

export const analyticsEventSchema = z.discriminatedUnion('name', [pageView, formSubmit], {
  error: 'name must be page_view or form_submit',
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;
