import type { BuiltinStory } from './public-content.js';

/**
 * The four built-in success stories (SPEC 3). Their slugs are the four fixed success-story paths
 * (/success-stories/<slug>): a pit bull terrier mix, a cockapoo, a miniature Australian shepherd and a
 * golden doodle. /success-stories/<id> also finds them by numeric id. The seed writes them into the
 * store with the slug as content id, so live and built-in links agree.
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
    fullStory: `When the Harrisons adopted Max from a local rescue, they fell in love with his goofy grin and his love of belly rubs. But the moment another dog appeared on the sidewalk, Max turned into a different dog: **lunging, barking and spinning at the end of the leash**.

Max was not aggressive; he was overwhelmed. Our evaluation showed a dog who had never learned how to cope with the sight of other dogs at a distance.

We started far away from any triggers, teaching Max a "look at that" game: see a dog, look back at your person, earn a reward. Week by week we moved closer, always keeping Max below the point where he felt he had to react. The Harrisons learned to read his body language and to create space *before* he got worried.

By week six, Max could watch dogs across a parking lot while taking treats gently. By week ten, he was walking past neighbors' dogs on a loose leash.

"We finally enjoy our walks again," says Lisa Harrison. "Max is still Max, but now he looks at us when he sees a dog instead of exploding. It feels like a miracle, but we know it was the work."`,
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
    fullStory: `Bella is a sweet, sensitive cockapoo who adores her people, maybe a little too much. When her owners returned to the office after working from home, neighbors reported that she barked for hours.

We built Bella's confidence in small, manageable steps. First came a **settle-on-your-mat** routine with calm rewards, so Bella had a clear, comfortable job when life got busy. Then we practiced very short departures: picking up keys, stepping outside for a few seconds, and returning before she became worried.

Enrichment made a big difference. Stuffed food toys, snuffle mats and a consistent morning walk helped Bella feel relaxed before her family left.

For greetings, every guest became a training opportunity: four paws on the floor earned attention, jumping made the guest turn away. *Bella figured out the new rule in a week.*

Eight weeks later, Bella stays home calmly for four hours at a time. "We can go to dinner without worrying," says her owner, Dana. "And our friends actually want to visit again!"`,
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
    fullStory: `Cooper is brilliant, athletic and bred to work. In a busy household with three young children, that herding instinct showed up as **circling, nipping and barking** whenever the kids ran and played.

Rather than trying to suppress Cooper's instincts, we gave them an outlet. We introduced structured games with clear rules: fetch with a "drop it" cue, tug that ends on request, and a flirt pole to satisfy his urge to chase.

The children became part of the training team. They learned to "be a tree" when Cooper got excited and to ask for a sit before every game. Cooper learned that calm behavior starts the fun.

We also built his focus with short, upbeat sessions: eye contact, hand targets and a strong **place** cue. By the end of the program, Cooper could hold a down-stay through an entire family dinner.

"He is still a busy dog, but now he is a busy dog with manners," laughs his owner, Mark. "The kids can play in the yard again, and Cooper plays *with* them instead of herding them."`,
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
    fullStory: `Daisy joined the Patel family as a fluffy, energetic 11-week-old puppy. Like most puppies, she explored the world with her mouth and had no idea where the bathroom was supposed to be.

Our Puppy Foundation program gave the family a clear plan from day one. A **consistent potty schedule**, a cozy crate and lots of praise for outdoor success meant Daisy was accident-free by the third week.

For the mouthing, we taught the family to redirect Daisy to appropriate chew toys and to end play calmly when teeth touched skin. Daisy quickly learned that gentle play keeps the fun going.

We also used the critical socialization window to introduce Daisy to new sights and sounds: the mailbox, bicycles, the vacuum and friendly neighbors. Each experience was paired with treats, so Daisy learned that new things are *good* things.

"We were so overwhelmed the first week," says Priya Patel. "Now Daisy is the puppy everyone on our street wants to meet, and she sits for every single one of them."`,
  },
];
