import { BUILTIN_PROGRAMS, BUSINESS } from '../../../../../shared/content/builtin';
import { JsonLd } from '../../../components/json-ld';
import { siteHref, useSiteUrl } from '../../../lib/site';

/** Structured data: the LocalBusiness with its three programs as an offer catalog (SPEC 2). */
export function localBusinessJsonLd(siteUrl: string, email: string) {
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
      itemListElement: BUILTIN_PROGRAMS.map((p, i) => ({
        '@type': 'Offer',
        position: i + 1,
        price: p.price.replace(/[^0-9.]/g, ''),
        priceCurrency: 'USD',
        itemOffered: { '@type': 'Service', name: p.title, description: p.description.replace(/\*/g, '') },
      })),
    },
  };
}

export function LocalBusinessJsonLd() {
  const siteUrl = useSiteUrl();
  return <JsonLd data={localBusinessJsonLd(siteUrl, BUSINESS.defaultEmail)} />;
}
