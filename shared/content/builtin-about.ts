import { type AboutContent, DEFAULT_ABOUT_HERO_IMAGE } from './public-content.js';

/** The built-in about page (SPEC 3 "About-us": every field has this default). */
export const BUILTIN_ABOUT: AboutContent = {
  heroImage: DEFAULT_ABOUT_HERO_IMAGE,
  mainHeading: 'Training Built on Trust',
  subheading:
    'A local, family-focused dog training service in Lakewood Ranch, Florida, helping dogs and their people build better habits through patience, clear communication and positive reinforcement.',
  leftHeading: 'Our Story',
  leftContent: `Pawsitive Dog Training began when our founder, Jessica Moreno, adopted a rescue dog who was afraid of the world. Learning how to help her, with patience, science and a lot of treats, changed everything about how she thought about training.

Today we work with families across **Lakewood Ranch, Sarasota and Bradenton**, from brand-new puppy owners to households living with reactivity, anxiety or simply too much energy.

Every program starts with a free evaluation at your home, because the best plan is one that fits *your* dog, your routine and your goals.`,
  leftBlockHeading: 'What Sets Us Apart',
  leftBlockContents: [
    'Force-free, reward-based methods backed by behavior science',
    'Private sessions at your home or in real-world locations',
    'A written plan and homework after every session',
    'Ongoing support between sessions by message',
    'Experience with puppies, rescues and reactive dogs',
  ],
  rightHeading: 'How We Train',
  rightContent: `We teach dogs *what to do* instead of punishing what they get wrong. Rewards, clear cues and well-planned practice build behaviors that last, and a dog who trusts you.

Training is also about people. We coach you step by step, explain the *why* behind every exercise, and keep homework short enough to fit into a busy week.

**No prong collars, no shock collars, no intimidation.** Just proven methods, real progress and a happier life together.`,
  mission:
    'To help every dog in our community become a confident, well-mannered companion, and to give every owner the skills and understanding to keep that bond strong for life.',
};

/** Raw bullets as the store keeps them (newline-separated). */
export const builtinAboutBullets = (): string => BUILTIN_ABOUT.leftBlockContents.join('\n');
