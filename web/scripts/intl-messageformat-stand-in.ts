/**
 * The build's stand-in for `intl-messageformat` (see cloudscape-trim.ts): Cloudscape's error-boundary
 * fallback is its only importer the portal bundles, and it only formats text the portal never passes.
 * Returns the message unformatted, which is what the fallback shows when formatting fails.
 */
export default class IntlMessageFormat {
  readonly #message: string;

  constructor(message: string) {
    this.#message = message;
  }

  format(): string {
    return this.#message;
  }
}
