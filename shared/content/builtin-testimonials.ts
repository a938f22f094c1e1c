import type { Testimonial } from './public-content.js';

/** The three built-in testimonials (SPEC 3): no photo, so the generated avatar shows. */
export const BUILTIN_TESTIMONIALS: Testimonial[] = [
  {
    id: 'testimonial-jennifer',
    name: 'Jennifer R.',
    location: 'Lakewood Ranch, FL',
    text: 'Our lab puppy was chewing everything and pulling me down the street. After six weeks she walks beautifully and settles in her crate on her own. Jessica gave us a plan we could actually follow.',
    order: 1,
  },
  {
    id: 'testimonial-mark-dana',
    name: 'Mark & Dana T.',
    location: 'Sarasota, FL',
    text: 'We had tried two other trainers for our reactive rescue. Pawsitive was the first to explain why he reacts and how to help him. He now walks past other dogs calmly. We cannot recommend them enough.',
    order: 2,
  },
  {
    id: 'testimonial-priya',
    name: 'Priya S.',
    location: 'Bradenton, FL',
    text: 'Kind, patient and so knowledgeable. The homework was short and easy to fit into our week, and our kids loved being part of the training. Our doodle is now the best-behaved dog on the block!',
    order: 3,
  },
];
