/**
 * Built-in content of the public site. The pages fall back to it when the content store has nothing
 * (or fails), the prerender uses it for the static HTML, and `seed.ts` writes the hero and programs
 * into the store on first start. Pure data: no imports from web/ or from AWS code.
 */

/** The business itself (name, contact block, location). */
export const BUSINESS = {
  name: 'Pawsitive Dog Training',
  shortName: 'Pawsitive',
  tagline: 'Positive, science-based dog training in Lakewood Ranch, FL',
  /** Used when /config.json has not been loaded (or has no businessEmail). */
  defaultEmail: 'hello@pawsitivedogtraining.com',
  phone: '(941) 555-0142',
  phoneHref: 'tel:+19415550142',
  location: 'Lakewood Ranch, FL',
  city: 'Lakewood Ranch',
  region: 'FL',
  country: 'US',
  areaServed: ['Lakewood Ranch', 'Sarasota', 'Bradenton', 'Parrish', 'Myakka City'],
  hours: 'Monday to Saturday, 8 am to 6 pm',
  /** How soon a free-evaluation request is answered (SPEC 9: reply promise within 24 hours). */
  replyPromise: 'within 24 hours',
} as const;

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

/** Heading and short intro of each public page (used before the full pages land and as fallbacks). */
export const PAGE_INTROS = {
  about: {
    label: 'About Us',
    heading: 'Training Built on Trust',
    intro:
      'Pawsitive Dog Training is a local, family-focused training service in Lakewood Ranch, Florida. We help dogs and their people build better habits through clear communication, patience and positive reinforcement, so training feels rewarding for everyone involved.',
  },
  programs: {
    label: 'Programs',
    heading: 'Training Programs',
    intro:
      'From first-week puppies to dogs who need help with real-world challenges, each program combines private sessions, practical homework and ongoing support from your trainer.',
  },
  tips: {
    label: 'Tips',
    heading: 'Training Tips & Guides',
    intro:
      'Practical advice from our trainers on puppy raising, everyday manners and common behavior questions, written to help you make progress between sessions.',
  },
  tipArticle: {
    label: 'Tips',
    heading: 'Training Tips & Guides',
    intro:
      'Our trainers publish practical articles on puppy raising, manners and behavior. Browse the full collection to find the guide you are looking for.',
  },
  successStories: {
    label: 'Success Stories',
    heading: 'Success Stories',
    intro:
      'Real dogs, real families, real progress. These are some of the Lakewood Ranch dogs who went from pulling, jumping and barking to calm, confident companions.',
  },
  successStory: {
    label: 'Success Stories',
    heading: 'Success Stories',
    intro:
      "Every dog's journey is different. Explore the stories of dogs we have worked with and the skills that changed daily life for their families.",
  },
  contact: {
    label: 'Free Evaluation',
    heading: 'Schedule Your Free Evaluation',
    intro:
      'Tell us about you and your dog. A trainer will review your request and contact you within 24 hours to find a time for a free, no-obligation evaluation.',
  },
} as const;

/** What happens after the contact form (shown beside it). */
export const EVALUATION_STEPS = [
  { title: 'Tell us about your dog', text: 'Share a few details and the goals you have in mind.' },
  { title: 'We call you within 24 hours', text: 'A trainer reaches out to answer questions and book a time.' },
  { title: 'Meet for a free evaluation', text: 'We assess your dog and recommend the right program.' },
] as const;

/** Search-engine descriptions per page. */
export const SEO = {
  keywords:
    'dog training, puppy training, obedience training, dog trainer, Lakewood Ranch, Sarasota, Bradenton, positive reinforcement, behavior modification',
  home: {
    title: 'Pawsitive Dog Training | Dog Trainer in Lakewood Ranch, FL',
    description:
      'Positive, science-based dog training in Lakewood Ranch, FL. Puppy foundation, obedience and advanced behavior programs. Book your free evaluation today.',
  },
  about: {
    title: 'About Us | Pawsitive Dog Training',
    description:
      'Meet Pawsitive Dog Training, a positive-reinforcement dog training service in Lakewood Ranch, FL, helping families build happy, well-mannered dogs.',
  },
  programs: {
    title: 'Training Programs | Pawsitive Dog Training',
    description:
      'Puppy Foundation, Basic Obedience and Advanced Training programs in Lakewood Ranch, FL. Private sessions, clear milestones and practical homework.',
  },
  tips: {
    title: 'Training Tips & Guides | Pawsitive Dog Training',
    description:
      'Practical dog training tips from our Lakewood Ranch trainers: puppy raising, leash manners, recall and common behavior questions.',
  },
  successStories: {
    title: 'Success Stories | Pawsitive Dog Training',
    description:
      'See how dogs in Lakewood Ranch and Sarasota became calm, confident companions with positive, personalized training.',
  },
  contact: {
    title: 'Free Evaluation | Contact Pawsitive Dog Training',
    description:
      'Request a free dog training evaluation in Lakewood Ranch, FL. Tell us about your dog and we will contact you within 24 hours.',
  },
  notFound: {
    title: 'Page Not Found | Pawsitive Dog Training',
    description: 'The page you are looking for could not be found.',
  },
} as const;
