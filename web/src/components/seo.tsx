import { BUSINESS, SEO } from '#shared/content/business';
import { siteHref, useSiteUrl } from '../lib/site';

export interface SeoProps {
  title: string;
  description: string;
  /** Path of the page, for the canonical and og:url (omit for pages that should not be indexed). */
  path?: string;
  keywords?: string;
  robots?: string;
  /** Social-card image path or URL. */
  image?: string;
  type?: 'website' | 'article';
}

export const DEFAULT_SOCIAL_IMAGE = '/og-image.jpg';

/**
 * Document title, description, keywords, robots, Open Graph / Twitter card and canonical. React 19
 * hoists these into <head>; the prerender script moves them there in the static HTML.
 */
export function Seo({
  title,
  description,
  path,
  keywords = SEO.keywords,
  robots = 'index, follow',
  image = DEFAULT_SOCIAL_IMAGE,
  type = 'website',
}: SeoProps) {
  const siteUrl = useSiteUrl();
  const url = path ? siteHref(siteUrl, path) : undefined;
  const imageUrl = /^https?:\/\//.test(image) ? image : siteHref(siteUrl, image);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <meta name="robots" content={robots} />
      {url && <link rel="canonical" href={url} />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={BUSINESS.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
