import { BUSINESS } from '#shared/content/builtin';
import { siteHref } from '../lib/site';

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : siteHref(siteUrl, url));

/** schema.org Article for a tip or a success story (SPEC 2: article type structured data). */
export function articleJsonLd(
  siteUrl: string,
  a: {
    path: string;
    headline: string;
    description: string;
    image?: string;
    datePublished?: string;
    author?: string;
    keywords?: string[];
    section?: string;
  },
) {
  const publisher = {
    '@type': 'Organization',
    name: BUSINESS.name,
    logo: { '@type': 'ImageObject', url: siteHref(siteUrl, '/apple-touch-icon.png') },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.headline.slice(0, 110),
    description: a.description,
    ...(a.image ? { image: [absolute(siteUrl, a.image)] } : {}),
    ...(a.datePublished ? { datePublished: a.datePublished, dateModified: a.datePublished } : {}),
    author: a.author ? { '@type': 'Person', name: a.author } : { '@type': 'Organization', name: BUSINESS.name },
    publisher,
    mainEntityOfPage: { '@type': 'WebPage', '@id': siteHref(siteUrl, a.path) },
    ...(a.keywords?.length ? { keywords: a.keywords.join(', ') } : {}),
    ...(a.section ? { articleSection: a.section } : {}),
  };
}
