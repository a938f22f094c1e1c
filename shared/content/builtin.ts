/**
 * Built-in content of the public site. The pages fall back to it when the content store has nothing
 * (or fails, SPEC 4), the prerender uses it for the static HTML, and `seed.ts` writes it into the
 * store on first start. Pure data: no imports from web/ or from AWS code.
 *
 * This module ships with the entry bundle of every public page, so it holds only what the home page
 * and the site frame need. The longer built-in content lives beside it and loads with its pages:
 * builtin-tips.ts, builtin-stories.ts, builtin-testimonials.ts and builtin-about.ts.
 */

// The business and the site's search texts: their own module, which the portal's shared chunk takes
// without the home page's content (business.ts).
export { BUSINESS, SEO } from './business.js';

/** Default program colour (SPEC 9) and the site's primary colour. */
export const DEFAULT_PROGRAM_COLOR = '#2563eb';

export interface HeroContent {
  heading: string;
  subheading: string;
  headingColor: string;
  subheadingColor: string;
  backgroundImage: string;
}

/** Hero defaults (SPEC 9: height 664px, heading #ffffff, image /default-hero-bg.jpg). */
export const BUILTIN_HERO: HeroContent = {
  heading: 'A Well-Mannered Dog Starts With a Confident One',
  subheading:
    'Positive, science-based training for puppies and adult dogs in Lakewood Ranch. We teach the skills your dog needs at home and out in the world, and give you the tools to keep them sharp.',
  headingColor: '#ffffff',
  subheadingColor: '#e2e8f0',
  backgroundImage: '/default-hero-bg.jpg',
};

export const HERO_HEIGHT_PX = 664;

export interface WhyUsCard {
  title: string;
  text: string;
  icon: 'award' | 'heart' | 'trending';
}

export const WHY_US = {
  heading: 'Why Families Choose Pawsitive',
  intro:
    'Every dog learns differently. Our training is built around your dog, your household and the goals that matter to you.',
  cards: [
    {
      title: 'Expert Training',
      text: 'Certified, experienced trainers who use modern, reward-based methods backed by behavior science. No harsh corrections, no shortcuts.',
      icon: 'award',
    },
    {
      title: 'Personalized Approach',
      text: "We start with a free evaluation and build a plan around your dog's temperament, your routine and the behaviors you want to change.",
      icon: 'heart',
    },
    {
      title: 'Proven Results',
      text: 'Clear milestones, homework you can actually fit into your week, and steady progress you will notice on every walk, visit and car ride.',
      icon: 'trending',
    },
  ] satisfies WhyUsCard[],
} as const;

/** A training program as the public site shows it (SPEC 3 "Program"). */
export interface BuiltinProgram {
  id: string;
  title: string;
  description: string;
  price: string;
  duration: string;
  color: string;
  features: string[];
  order: number;
}

/** Built-in programs (SPEC 9: durations, fallback prices and colours). */
export const BUILTIN_PROGRAMS: BuiltinProgram[] = [
  {
    id: 'puppy-foundation',
    title: 'Puppy Foundation',
    description:
      'The best start in life for puppies **8-16 weeks** old. We build confidence, good habits and a love of learning while your puppy is most open to new experiences.',
    price: '$300',
    duration: '6 weeks',
    color: '#10b981',
    features: [
      'Socialization with people, dogs and new places',
      'House-training and crate-training plan',
      'Bite inhibition and gentle play',
      'Name recognition, sit, down and come',
      'Handling and grooming tolerance',
    ],
    order: 1,
  },
  {
    id: 'basic-obedience',
    title: 'Basic Obedience',
    description:
      'Reliable everyday manners for dogs **4 months and up**. Ideal for adolescent dogs, new rescues and any dog who needs a solid, dependable foundation.',
    price: '$400',
    duration: '8 weeks',
    color: '#3b82f6',
    features: [
      'Loose-leash walking',
      'Sit, down, stay and a dependable recall',
      'Polite greetings without jumping',
      'Place, wait and leave it',
      'Practice plans that fit your week',
    ],
    order: 2,
  },
  {
    id: 'advanced-training',
    title: 'Advanced Training',
    description:
      'For dogs ready to go further, and for behavior challenges such as reactivity, pulling or poor impulse control. Skills that hold up *in the real world*, not just in the living room.',
    price: '$500',
    duration: '10 weeks',
    color: '#8b5cf6',
    features: [
      'Off-leash reliability around distractions',
      'Reactivity and impulse-control work',
      'Distance and duration for every cue',
      'Training outings to parks and stores',
      'A behavior plan tailored to your dog',
    ],
    order: 3,
  },
];

/** What happens after the contact form (shown beside it). */
export const EVALUATION_STEPS = [
  { title: 'Tell us about your dog', text: 'Share a few details and the goals you have in mind.' },
  { title: 'We call you within 24 hours', text: 'A trainer reaches out to answer questions and book a time.' },
  { title: 'Meet for a free evaluation', text: 'We assess your dog and recommend the right program.' },
] as const;
