/**
 * The business's time zone settings, apart from business-time.ts so that code which only reads the
 * setting (shared/domain/settings.ts, in most handlers) does not bring @date-fns/tz into the bundles.
 */

/** The business's time zone when the settings have none (SPEC: America/New_York by default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The configured fallback time zone. The one in effect is the saved setting:
 * `businessTimeZoneSetting()` in shared/domain/settings.ts.
 */
export const businessTimeZone = () => process.env.BUSINESS_TIME_ZONE || DEFAULT_TIME_ZONE;
