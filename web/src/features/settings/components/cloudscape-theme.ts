import type { Theme } from '@cloudscape-design/components/theming';

/**
 * The portal's Cloudscape theme: Cloudscape's primary palette mapped onto the site's blue (#2563eb family),
 * as reference tokens of Cloudscape's theming API. The dev server and the build write it as the CSS of
 * cloudscape-theme.css with that API's `generateThemeStylesheet` (`cloudscapeTheme` in
 * web/scripts/cloudscape-trim.ts), so the property names are always the installed Cloudscape's own.
 */
export const PORTAL_THEME: Theme = {
  tokens: {},
  referenceTokens: {
    color: {
      primary: {
        50: '#eff6ff',
        100: '#dbeafe',
        200: '#bfdbfe',
        300: '#93c5fd',
        400: '#60a5fa',
        500: '#3b82f6',
        600: '#2563eb',
        700: '#1d4ed8',
        800: '#1e40af',
        900: '#1e3a8a',
        950: '#172554',
        1000: '#0f172a',
      },
    },
  },
};
