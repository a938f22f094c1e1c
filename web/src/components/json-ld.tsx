/** JSON for a <script> element: `<` escaped so the text can never close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Structured data (schema.org JSON-LD). The only use of dangerouslySetInnerHTML on the site: the text
 * is JSON with every `<` escaped, so content can never end the script element or inject markup.
 */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (serializeJsonLd), never markup.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
