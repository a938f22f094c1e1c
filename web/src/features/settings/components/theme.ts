import { applyMode, Mode } from '@cloudscape-design/global-styles';
import type { Theme } from '../../../../../shared/contracts/settings-options';

/** Applies the portal's colour mode (Cloudscape light or dark); null returns to the default (light). */
export function applyTheme(theme: Theme | null): void {
  if (typeof document === 'undefined') return;
  applyMode(theme === 'dark' ? Mode.Dark : theme === 'light' ? Mode.Light : null);
}
