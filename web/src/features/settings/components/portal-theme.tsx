import './portal-theme.css';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth-context';
import { usePreferences } from '../../../lib/queries/preferences';
import { applyTheme } from './theme';

/**
 * Applies the signed-in person's saved theme to the portal as soon as their preferences load (and
 * again whenever they change, e.g. on save). Leaving the signed-in pages (sign-out) returns to light;
 * the public pages are documents of their own and never see it.
 */
export function PortalTheme() {
  const { status } = useAuth();
  const theme = usePreferences(status === 'signedIn').data?.preferences.theme;
  useEffect(() => {
    if (theme) void applyTheme(theme);
  }, [theme]);
  useEffect(() => () => void applyTheme(null), []);
  return null;
}
