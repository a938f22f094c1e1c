/**
 * Cloudscape's dark-mode design tokens, which only a person who chose the dark theme needs. In the portal
 * build they are taken out of Cloudscape's base theme and this module is replaced by one that installs
 * them (web/scripts/cloudscape-trim.ts, ADR 0015): applyTheme loads it before switching to dark. On the
 * dev server and in tests the base theme still has them, so there is nothing to install.
 */
export function installDarkModeTokens(): void {}
