import type { DogLook, Palette } from './illustrations';

/** The built-in stories' portraits (file name = story slug). */
export const STORY_LOOKS: { slug: string; name: string; palette: Palette; look: DogLook }[] = [
  {
    slug: 'max-pit-bull-terrier-mix',
    name: 'Max',
    palette: { bg: ['#60a5fa', '#1e3a8a'], blob: '#93c5fd' },
    look: {
      coat: '#6b7280',
      shade: '#4b5563',
      muzzle: '#f1f5f9',
      nose: '#1f2937',
      ears: 'rose',
      blaze: true,
      collar: '#f97316',
    },
  },
  {
    slug: 'bella-cockapoo',
    name: 'Bella',
    palette: { bg: ['#fbcfe8', '#db2777'], blob: '#fce7f3' },
    look: {
      coat: '#e2a66b',
      shade: '#c27c43',
      muzzle: '#f6d3ad',
      nose: '#3b2416',
      ears: 'curly',
      curly: true,
      collar: '#7c3aed',
    },
  },
  {
    slug: 'cooper-miniature-australian-shepherd',
    name: 'Cooper',
    palette: { bg: ['#6ee7b7', '#047857'], blob: '#a7f3d0' },
    look: {
      coat: '#9ca3af',
      shade: '#4b5563',
      muzzle: '#f8fafc',
      nose: '#111827',
      ears: 'fold',
      blaze: true,
      merle: '#374151',
      points: '#c2763a',
      collar: '#dc2626',
    },
  },
  {
    slug: 'daisy-golden-doodle',
    name: 'Daisy',
    palette: { bg: ['#fde68a', '#d97706'], blob: '#fef3c7' },
    look: {
      coat: '#f3d199',
      shade: '#dcae6a',
      muzzle: '#fbe9c8',
      nose: '#3b2a20',
      ears: 'curly',
      curly: true,
      collar: '#0ea5e9',
    },
  },
];

/** The fallback story image (a story without its own image, or one that fails). */
export const DEFAULT_DOG = {
  palette: { bg: ['#c7d2fe', '#4338ca'], blob: '#e0e7ff' } as Palette,
  look: {
    coat: '#c08552',
    shade: '#8b5a2b',
    muzzle: '#f3dcc2',
    nose: '#2a1d14',
    ears: 'floppy',
    collar: '#2563eb',
  } as DogLook,
};

/** The built-in tips' featured images (file name = tip id). */
export const TIP_SCENES: { id: string; scene: 'recall' | 'leash' | 'crate'; palette: Palette }[] = [
  { id: 'reliable-recall', scene: 'recall', palette: { bg: ['#86efac', '#15803d'], blob: '#bbf7d0' } },
  { id: 'loose-leash-walking', scene: 'leash', palette: { bg: ['#93c5fd', '#1d4ed8'], blob: '#bfdbfe' } },
  { id: 'crate-training-puppy', scene: 'crate', palette: { bg: ['#c4b5fd', '#6d28d9'], blob: '#ddd6fe' } },
];
