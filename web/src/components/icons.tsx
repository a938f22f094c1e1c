import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

export function StrokeIcon({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function PawIcon({ size = 24, ...rest }: IconProps) {
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
      <ellipse cx="5.6" cy="10" rx="2.1" ry="2.7" transform="rotate(-22 5.6 10)" />
      <ellipse cx="9.7" cy="5.6" rx="2.1" ry="2.8" transform="rotate(-8 9.7 5.6)" />
      <ellipse cx="14.3" cy="5.6" rx="2.1" ry="2.8" transform="rotate(8 14.3 5.6)" />
      <ellipse cx="18.4" cy="10" rx="2.1" ry="2.7" transform="rotate(22 18.4 10)" />
      <path d="M12 11.2c-2.7 0-6.1 3.7-6.1 6.5 0 1.8 1.3 2.9 3 2.9 1.3 0 2.1-.6 3.1-.6s1.8.6 3.1.6c1.7 0 3-1.1 3-2.9 0-2.8-3.4-6.5-6.1-6.5Z" />
    </svg>
  );
}

export const AwardIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="8" r="6" />
    <path d="M15.48 12.89 17 22l-5-3-5 3 1.52-9.11" />
  </StrokeIcon>
);

export const HeartIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
  </StrokeIcon>
);

export const TrendingUpIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <polyline points="22 7 13.5 15.5 8.5 10.5 2 17" />
    <polyline points="16 7 22 7 22 13" />
  </StrokeIcon>
);

export const MailIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </StrokeIcon>
);

export const PhoneIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92Z" />
  </StrokeIcon>
);

export const MapPinIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </StrokeIcon>
);

export const ClockIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="12" r="10" />
    <polyline points="12 6 12 12 16 14" />
  </StrokeIcon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M5 12h14" />
    <path d="m12 5 7 7-7 7" />
  </StrokeIcon>
);

/** Hamburger that turns into a close cross. SPEC: default size 32, range 12 to 48. */
export function HamburgerIcon({ size = 32, open = false }: { size?: number; open?: boolean }) {
  const s = Math.min(48, Math.max(12, size));
  return (
    <svg
      className={`hamburger${open ? ' hamburger--open' : ''}`}
      width={s}
      height={s}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <line className="hamburger__top" x1="4" y1="6" x2="20" y2="6" />
      <line className="hamburger__middle" x1="4" y1="12" x2="20" y2="12" />
      <line className="hamburger__bottom" x1="4" y1="18" x2="20" y2="18" />
    </svg>
  );
}
