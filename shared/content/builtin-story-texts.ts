/**
 * The full texts of the four built-in success stories (SPEC 3 fullStory), by slug (builtin-stories.ts).
 * Only the story page and the seed read them.
 */
export const BUILTIN_STORY_TEXTS: Record<string, string> = {
  'max-pit-bull-terrier-mix': `When the Harrisons adopted Max from a local rescue, they fell in love with his goofy grin and his love of belly rubs. But the moment another dog appeared on the sidewalk, Max turned into a different dog: **lunging, barking and spinning at the end of the leash**.

Max was not aggressive; he was overwhelmed. Our evaluation showed a dog who had never learned how to cope with the sight of other dogs at a distance.

We started far away from any triggers, teaching Max a "look at that" game: see a dog, look back at your person, earn a reward. Week by week we moved closer, always keeping Max below the point where he felt he had to react. The Harrisons learned to read his body language and to create space *before* he got worried.

By week six, Max could watch dogs across a parking lot while taking treats gently. By week ten, he was walking past neighbors' dogs on a loose leash.

"We finally enjoy our walks again," says Lisa Harrison. "Max is still Max, but now he looks at us when he sees a dog instead of exploding. It feels like a miracle, but we know it was the work."`,
  'bella-cockapoo': `Bella is a sweet, sensitive cockapoo who adores her people, maybe a little too much. When her owners returned to the office after working from home, neighbors reported that she barked for hours.

We built Bella's confidence in small, manageable steps. First came a **settle-on-your-mat** routine with calm rewards, so Bella had a clear, comfortable job when life got busy. Then we practiced very short departures: picking up keys, stepping outside for a few seconds, and returning before she became worried.

Enrichment made a big difference. Stuffed food toys, snuffle mats and a consistent morning walk helped Bella feel relaxed before her family left.

For greetings, every guest became a training opportunity: four paws on the floor earned attention, jumping made the guest turn away. *Bella figured out the new rule in a week.*

Eight weeks later, Bella stays home calmly for four hours at a time. "We can go to dinner without worrying," says her owner, Dana. "And our friends actually want to visit again!"`,
  'cooper-miniature-australian-shepherd': `Cooper is brilliant, athletic and bred to work. In a busy household with three young children, that herding instinct showed up as **circling, nipping and barking** whenever the kids ran and played.

Rather than trying to suppress Cooper's instincts, we gave them an outlet. We introduced structured games with clear rules: fetch with a "drop it" cue, tug that ends on request, and a flirt pole to satisfy his urge to chase.

The children became part of the training team. They learned to "be a tree" when Cooper got excited and to ask for a sit before every game. Cooper learned that calm behavior starts the fun.

We also built his focus with short, upbeat sessions: eye contact, hand targets and a strong **place** cue. By the end of the program, Cooper could hold a down-stay through an entire family dinner.

"He is still a busy dog, but now he is a busy dog with manners," laughs his owner, Mark. "The kids can play in the yard again, and Cooper plays *with* them instead of herding them."`,
  'daisy-golden-doodle': `Daisy joined the Patel family as a fluffy, energetic 11-week-old puppy. Like most puppies, she explored the world with her mouth and had no idea where the bathroom was supposed to be.

Our Puppy Foundation program gave the family a clear plan from day one. A **consistent potty schedule**, a cozy crate and lots of praise for outdoor success meant Daisy was accident-free by the third week.

For the mouthing, we taught the family to redirect Daisy to appropriate chew toys and to end play calmly when teeth touched skin. Daisy quickly learned that gentle play keeps the fun going.

We also used the critical socialization window to introduce Daisy to new sights and sounds: the mailbox, bicycles, the vacuum and friendly neighbors. Each experience was paired with treats, so Daisy learned that new things are *good* things.

"We were so overwhelmed the first week," says Priya Patel. "Now Daisy is the puppy everyone on our street wants to meet, and she sits for every single one of them."`,
};
