/** Calm, readable backgrounds for the generated avatars (white initials pass WCAG AA on each). */
const PALETTE = ['#1d4ed8', '#047857', '#7c3aed', '#b45309', '#be123c', '#0e7490', '#4338ca', '#15803d'];

/** Initials of a name: first letters of its first and last words ("Mark & Dana T." -> "MT"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0].match(/\p{L}/u)?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1].match(/\p{L}/u)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

function colorOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/**
 * A placeholder avatar made by the site itself (SPEC 3: testimonials' fallback avatar): an inline SVG
 * circle with the person's initials. Decorative: the name is always written next to it.
 */
export function GeneratedAvatar({ name, size = 56 }: { name: string; size?: number }) {
  const initials = initialsOf(name);
  return (
    <svg
      className="generated-avatar"
      width={size}
      height={size}
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
      data-initials={initials}
    >
      <circle cx="28" cy="28" r="28" fill={colorOf(name)} />
      <text
        x="28"
        y="28"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontSize={initials.length > 1 ? 20 : 24}
        fontWeight="700"
        fontFamily="inherit"
      >
        {initials}
      </text>
    </svg>
  );
}
