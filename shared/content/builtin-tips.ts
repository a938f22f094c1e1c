import type { Tip } from './public-content.js';

/**
 * The three built-in training tips (SPEC 3 "Built-in fallback content"). Their ids are the article
 * paths (/tips/<id>); the seed writes them into the store under the same ids. Content uses the site's
 * rich text: # / ## / ### headings, **bold**, *italic*, line breaks.
 */
export const BUILTIN_TIPS: Tip[] = [
  {
    id: 'reliable-recall',
    title: 'Building a Recall You Can Count On',
    publishDate: '2025-04-08',
    excerpt:
      'A dog who comes when called is safer and gets more freedom. Here is the step-by-step plan we use with Lakewood Ranch families to build a recall that works at the park, not just in the kitchen.',
    author: 'Jessica Moreno',
    category: 'Obedience',
    tags: ['Recall', 'Come When Called', 'Safety', 'Off-Leash'],
    readingTime: '6 min read',
    featuredImage: '/images/tips/reliable-recall.webp',
    metaDescription:
      'How to teach a reliable recall with positive reinforcement: choosing a cue, building value, adding distance and distractions, and fixing common mistakes.',
    content: `A reliable recall is the one skill that can truly keep your dog safe. An open gate, a dropped leash or a rabbit at the edge of a retention pond can turn into an emergency in seconds. The good news: recall is a skill like any other, and it can be taught step by step.

## Choose a fresh cue

If you have been calling "Come!" for months while your dog ignores you, that word has lost its meaning. Pick a new cue, such as "Here!" or a whistle, and protect it. **Only use it when you are ready to reward**, and never to call your dog for something unpleasant like a bath or the end of a fun game.

## Make coming to you the best deal in town

Your dog is always asking one question: *what's in it for me?* For recall, the answer has to be "something great."

- Use high-value rewards: small pieces of chicken, cheese or a favorite toy.
- Pay generously. Give several treats in a row, one at a time, for a fast recall.
- Keep the party going for a few seconds before you release your dog back to play.

## Build it in layers

### Step 1: Indoors, no distractions
Say your cue once, then run a few steps backward. When your dog catches up, mark with "Yes!" and reward. Repeat five times, a few times a day.

### Step 2: Add distance
Ask a family member to gently hold your dog while you walk to the other side of the room, then call. Gradually move to the backyard.

### Step 3: Add distractions
Practice with a toy on the floor, then with a neighbor walking by. Use a **long line** (a 20 to 30 foot leash) outdoors so your dog can never practice ignoring you.

## Common mistakes to avoid

- **Repeating the cue.** Say it once. If your dog does not respond, make it easier next time.
- **Only calling at the end of fun.** Call your dog, reward, and then let them go back to playing.
- **Chasing your dog.** Run the other way instead; most dogs will follow.

## Practice in short sessions

Three or four one-minute sessions a day beat one long session on the weekend. In the Florida heat, train early in the morning or in the shade, and keep water handy.

With consistent practice, most dogs show a dramatic improvement within three to four weeks. If your dog struggles around other dogs or wildlife, our Advanced Training program includes guided recall work at local parks.`,
  },
  {
    id: 'loose-leash-walking',
    title: 'Loose-Leash Walking: How to Stop the Pulling',
    publishDate: '2025-02-25',
    excerpt:
      'Pulling is the number one complaint we hear from new clients. Learn why dogs pull, the simple "be a tree" technique, and how to reward the walk you want so every outing becomes a pleasure.',
    author: 'Jessica Moreno',
    category: 'Leash Skills',
    tags: ['Leash Walking', 'Pulling', 'Everyday Manners'],
    readingTime: '5 min read',
    featuredImage: '/images/tips/loose-leash-walking.webp',
    metaDescription:
      'Stop leash pulling with positive reinforcement: why dogs pull, the stop-and-go method, rewarding position, and choosing the right equipment.',
    content: `If your daily walk feels more like water-skiing, you are not alone. Pulling is the most common problem we see in Lakewood Ranch, and it is almost always fixable without harsh corrections.

## Why dogs pull

Dogs pull because it works. Every time your dog leans into the leash and gets to move forward, pulling is rewarded. Our job is to change the deal: **a loose leash moves us forward, a tight leash stops the walk.**

## The "be a tree" method

1. Walk forward with a relaxed leash.
2. The moment the leash goes tight, stop and stand still.
3. Wait for your dog to turn back or take a step toward you.
4. Mark with "Yes!", reward at your side, and start walking again.

The first few walks may be slow. That is normal. Your dog is learning a brand new rule, and consistency is what makes it stick.

## Reward the position you want

Do not just wait for mistakes. Every few steps, when your dog is walking beside you, mark and reward right at your pant seam. Dogs go where rewards happen, so delivering treats **next to your leg** builds a habit of staying there.

### Tip: use a "let's go" cue
Before you change direction, say "Let's go!" in a happy voice and turn. Reward your dog for catching up. This keeps them checking in with you.

## Choose comfortable equipment

A well-fitted, front-clip harness can reduce pulling while your dog learns. We do not recommend prong or choke collars; they can cause pain and often make pulling and reactivity worse.

## Walk smart in the Florida heat

- Walk early in the morning or after sunset.
- Check the pavement with the back of your hand: if it is too hot for you, it is too hot for paws.
- Keep training walks short and bring water.

*Remember:* a walk is also your dog's chance to sniff and explore. Give a "go sniff" cue as a reward for nice walking, and you will both enjoy the time outside.`,
  },
  {
    id: 'crate-training-puppy',
    title: 'Crate Training Your New Puppy Without Tears',
    publishDate: '2025-01-14',
    excerpt:
      'A crate can become your puppy\u2019s favorite place: a quiet den for naps, a house-training helper and a safe spot when you cannot supervise. Here is how to introduce it the positive way.',
    author: 'Jessica Moreno',
    category: 'Puppy Training',
    tags: ['Puppy', 'Crate Training', 'House Training'],
    readingTime: '5 min read',
    featuredImage: '/images/tips/crate-training-puppy.webp',
    metaDescription:
      'A gentle, step-by-step guide to crate training a puppy: choosing a crate, building positive associations, nighttime routines and house-training.',
    content: `Bringing home a puppy is exciting, and a little overwhelming. A crate, introduced the right way, gives your puppy a cozy den and gives you peace of mind when you cannot watch every move.

## Pick the right crate

Choose a crate that is just big enough for your puppy to stand up, turn around and lie down comfortably. Too much space invites accidents in one corner. Many wire crates come with a **divider** so the crate can grow with your puppy.

## Make the crate wonderful

Start with the door open. Toss treats inside and let your puppy wander in and out on their own. Feed meals in the crate. Offer a long-lasting chew only when your puppy is inside.

*The goal is simple:* your puppy should think the crate is where good things happen.

## Build up time gradually

### Day 1 to 3
Close the door for a few seconds while your puppy eats, then open it before they finish. Slowly add seconds, then minutes.

### Day 4 to 7
Step out of sight for short periods while your puppy enjoys a chew. Come back calmly; no big greetings.

### Week 2 and beyond
Work up to longer naps in the crate during the day, so the crate is not only for bedtime or when you leave.

## Nighttime and house training

Place the crate near your bed for the first few weeks so your puppy can hear and smell you. Young puppies need a potty break during the night: take them out calmly, praise the potty, and go straight back to bed.

A good rule of thumb is that puppies can hold it for roughly their age in months plus one, in hours, up to about six hours.

## What not to do

- **Never use the crate as punishment.**
- Do not leave a young puppy crated for long stretches during the day.
- Do not let your puppy out while they are whining, if you can help it. Wait for a moment of quiet, then open the door.

Every puppy is different. If your puppy panics in the crate, stop and call us; our Puppy Foundation program includes a personalized plan for crate comfort and house training.`,
  },
];
