import { applyMode, Mode } from '@cloudscape-design/global-styles';
import type { Theme } from '#shared/contracts/settings-options';

/**
 * Applies the portal's colour mode (Cloudscape light or dark); null returns to the default (light). The
 * dark tokens are fetched the first time dark is chosen (dark-mode-tokens.ts), before the switch.
 */
let latest = 0;

export async function applyTheme(theme: Theme | null): Promise<void> {
  if (typeof document === 'undefined') return;
  const call = ++latest;
  if (theme === 'dark') (await import('./dark-mode-tokens')).installDarkModeTokens();
  if (call !== latest) return; // a later choice was applied meanwhile
  applyMode(theme === 'dark' ? Mode.Dark : theme === 'light' ? Mode.Light : null);
}
