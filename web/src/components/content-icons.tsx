import { type IconProps, StrokeIcon } from './icons';

/** Icons of the inner pages (kept apart from icons.tsx, which ships with the entry, so they load with those pages only). */
export const CheckIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <polyline points="20 6 9 17 4 12" />
  </StrokeIcon>
);

export const ArrowLeftIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </StrokeIcon>
);

export const HomeIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m3 9 9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />
    <polyline points="9 22 9 12 15 12 15 22" />
  </StrokeIcon>
);

export const CalendarIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <line x1="16" y1="2" x2="16" y2="6" />
    <line x1="8" y1="2" x2="8" y2="6" />
    <line x1="3" y1="10" x2="21" y2="10" />
  </StrokeIcon>
);

export const ShareIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <line x1="8.59" y1="13.51" x2="15.42" y2="17.49" />
    <line x1="15.41" y1="6.51" x2="8.59" y2="10.49" />
  </StrokeIcon>
);

export const LinkIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
    <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
  </StrokeIcon>
);

export const UserIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </StrokeIcon>
);

export const BookOpenIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2z" />
    <path d="M22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z" />
  </StrokeIcon>
);

export const TargetIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="12" r="6" />
    <circle cx="12" cy="12" r="2" />
  </StrokeIcon>
);

export const TrophyIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M6 9H4.5a2.5 2.5 0 0 1 0-5H6" />
    <path d="M18 9h1.5a2.5 2.5 0 0 0 0-5H18" />
    <path d="M4 22h16" />
    <path d="M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22" />
    <path d="M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22" />
    <path d="M18 2H6v7a6 6 0 0 0 12 0V2Z" />
  </StrokeIcon>
);

export function QuoteIcon({ size = 32, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d="M9.6 5C6.1 6.4 4 9.3 4 13.2V19h6v-6H7.1c.2-2.3 1.5-4 3.6-5zM19.6 5c-3.5 1.4-5.6 4.3-5.6 8.2V19h6v-6h-2.9c.2-2.3 1.5-4 3.6-5z" />
    </svg>
  );
}

export const PlayIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <polygon points="6 3 20 12 6 21 6 3" fill="currentColor" />
  </StrokeIcon>
);
