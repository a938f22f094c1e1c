/**
 * Page intros and search-engine texts of the inner public pages. Kept out of builtin.ts (the entry
 * bundle) because only the lazily loaded pages use them.
 */

/** Label, heading (h1) and intro of the inner pages' banners. */
export const PAGE_INTROS = {
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
  successStories: {
    label: 'Success Stories',
    heading: 'Success Stories',
    intro:
      'Real dogs, real families, real progress. These are some of the Lakewood Ranch dogs who went from pulling, jumping and barking to calm, confident companions.',
  },
  contact: {
    label: 'Free Evaluation',
    heading: 'Schedule Your Free Evaluation',
    intro:
      'Tell us about you and your dog. A trainer will review your request and contact you within 24 hours to find a time for a free, no-obligation evaluation.',
  },
} as const;

/** Search-engine title and description per inner page. */
export const PAGE_SEO = {
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
