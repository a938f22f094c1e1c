import { BUSINESS } from '#shared/content/business';
import { PawIcon } from './icons';

export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <span className="logo-mark" style={{ width: size, height: size }}>
      <PawIcon size={Math.round(size * 0.6)} />
    </span>
  );
}

/** The logo, linking home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <a href="/" className={`logo${inverted ? ' logo--inverted' : ''}`} aria-label={`${BUSINESS.name}, home`}>
      <LogoMark />
      <span className="logo-text" aria-hidden="true">
        <span className="logo-name">Pawsitive</span>
        <span className="logo-sub">Dog Training</span>
      </span>
    </a>
  );
}
