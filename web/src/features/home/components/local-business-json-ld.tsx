import { BUSINESS, type BuiltinProgram } from '#shared/content/builtin';
import { JsonLd } from '../../../components/json-ld';
import { siteHref, useSiteUrl } from '../../../lib/site';

/** Structured data: the LocalBusiness with its programs (the published ones) as an offer catalog (SPEC 2). */
export function localBusinessJsonLd(siteUrl: string, email: string, programs: readonly BuiltinProgram[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${siteHref(siteUrl, '/')}#business`,
    name: BUSINESS.name,
    description: BUSINESS.tagline,
    url: siteHref(siteUrl, '/'),
    image: siteHref(siteUrl, '/og-image.jpg'),
    email,
    telephone: BUSINESS.phone,
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      addressLocality: BUSINESS.city,
      addressRegion: BUSINESS.region,
      addressCountry: BUSINESS.country,
    },
    areaServed: BUSINESS.areaServed.map((name) => ({ '@type': 'City', name })),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Dog Training Programs',
      itemListElement: programs.map((p, i) => ({
        '@type': 'Offer',
        position: i + 1,
        price: p.price.replace(/[^0-9.]/g, ''),
        priceCurrency: 'USD',
        itemOffered: { '@type': 'Service', name: p.title, description: p.description.replace(/\*/g, '') },
      })),
    },
  };
}

export function LocalBusinessJsonLd({ programs }: { programs: readonly BuiltinProgram[] }) {
  const siteUrl = useSiteUrl();
  return <JsonLd data={localBusinessJsonLd(siteUrl, BUSINESS.defaultEmail, programs)} />;
}
