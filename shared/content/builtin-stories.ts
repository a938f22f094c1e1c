import type { BuiltinStory } from './public-content.js';

/**
 * The four built-in success stories (SPEC 3). Their slugs are the four fixed success-story paths
 * (/success-stories/<slug>): a pit bull terrier mix, a cockapoo, a miniature Australian shepherd and a
 * golden doodle. /success-stories/<id> also finds them by numeric id. The seed writes them into the
 * store with the slug as content id, so live and built-in links agree. Their full texts are in
 * builtin-story-texts.ts: the story cards (home page included) never load them.
 */
export const BUILTIN_STORIES: BuiltinStory[] = [
  {
    id: 1,
    slug: 'max-pit-bull-terrier-mix',
    title: 'Max: From Reactive Rescue to Relaxed Companion',
    dogName: 'Max',
    breed: 'Pit Bull Terrier Mix',
    image: '/images/stories/max-pit-bull-terrier-mix.webp',
    imageAlt: 'Illustration for the story of Max, a pit bull terrier mix',
    challenge:
      'Adopted at two years old, Max lunged and barked at every dog he saw on walks. His family had started walking him at midnight just to avoid other dogs.',
    achievement:
      'Max now walks calmly past other dogs on the Lakewood Ranch trails, settles at outdoor caf\u00e9s and joins the family at the Sunday farmers market.',
    duration: '10 weeks',
    order: 1,
  },
  {
    id: 2,
    slug: 'bella-cockapoo',
    title: 'Bella: Learning to Love Alone Time',
    dogName: 'Bella',
    breed: 'Cockapoo',
    image: '/images/stories/bella-cockapoo.webp',
    imageAlt: 'Illustration for the story of Bella, a cockapoo',
    challenge:
      'Bella barked and cried whenever she was left alone, scratched at the door and greeted every visitor by leaping into their arms.',
    achievement:
      'Bella now relaxes on her mat while her family is out for an afternoon, and she waits politely for a hello when guests arrive.',
    duration: '8 weeks',
    order: 2,
  },
  {
    id: 3,
    slug: 'cooper-miniature-australian-shepherd',
    title: 'Cooper: Channeling Herding Energy Into Focus',
    dogName: 'Cooper',
    breed: 'Miniature Australian Shepherd',
    image: '/images/stories/cooper-miniature-australian-shepherd.webp',
    imageAlt: 'Illustration for the story of Cooper, a miniature Australian shepherd',
    challenge:
      'Cooper herded the family\u2019s children around the yard, nipped at their heels and could not focus on anything for more than a few seconds.',
    achievement:
      'Cooper plays structured games with the kids, comes when called off-leash in the yard and holds a calm down-stay during family dinners.',
    duration: '10 weeks',
    order: 3,
  },
  {
    id: 4,
    slug: 'daisy-golden-doodle',
    title: 'Daisy: A Confident Start for a Golden Doodle Puppy',
    dogName: 'Daisy',
    breed: 'Golden Doodle',
    image: '/images/stories/daisy-golden-doodle.webp',
    imageAlt: 'Illustration for the story of Daisy, a golden doodle',
    challenge:
      'At 11 weeks old, Daisy was mouthing hands, having accidents in the house and pulling hard on every walk.',
    achievement:
      'Daisy was fully house-trained by week three, walks on a loose leash and greets neighbors with four paws on the ground.',
    duration: '6 weeks',
    order: 4,
  },
];
