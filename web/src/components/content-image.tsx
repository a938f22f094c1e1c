/**
 * The site's own images (web/scripts/generate-images.ts): the content images `/images/<path>.webp` (1200 px)
 * come with `<path>-480.webp` and `<path>-800.webp`; the 1600 px JPEG heroes
 * (`/default-hero-bg.jpg`, `/default-about-hero.jpg`) with WebP copies `-640`, `-960` and `-1600`.
 */
const CONTENT_IMAGE = /^\/(images\/[\w/-]+)\.webp$/;
const HERO_IMAGE = /^\/(default-about-hero|default-hero-bg)\.jpg$/;

/** A srcset for the site's own images; undefined for store and external images. */
export function srcSetFor(src: string): string | undefined {
  const content = CONTENT_IMAGE.exec(src);
  if (content) return `/${content[1]}-480.webp 480w, /${content[1]}-800.webp 800w, ${src} 1200w`;
  const hero = HERO_IMAGE.exec(src);
  if (hero) return [640, 960, 1600].map((w) => `/${hero[1]}-${w}.webp ${w}w`).join(', ');
  return undefined;
}

export interface ContentImageProps {
  src: string | undefined;
  alt: string;
  /** Intrinsic size: set on the <img> and as the frame's aspect ratio, so nothing shifts while it loads. */
  width: number;
  height: number;
  /** `sizes` for the srcset of the site's own images. */
  sizes?: string;
  /** The page's main image (its LCP): eager, high fetch priority. */
  priority?: boolean;
  /** Above the fold but not the main image: eager, default fetch priority. Otherwise lazy. */
  eager?: boolean;
  /** Used when `src` is missing or fails; without it a failed image is hidden. */
  fallbackSrc?: string;
  className?: string;
  /** Fill a positioned parent (banners) instead of keeping the image's own aspect ratio. */
  fill?: boolean;
}

/**
 * A content image in a fixed-ratio frame whose soft background is the placeholder while it loads.
 * A failed image switches to `fallbackSrc` (default images, SPEC 8) or, without one (or when that fails
 * too), leaves with its frame: lib/static-page/images.ts, by `data-fallback-src` / `data-fallback`.
 */
export function ContentImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  fallbackSrc,
  className,
  fill = false,
}: ContentImageProps) {
  const current = src || fallbackSrc;
  const frameClass = `media-frame${fill ? ' media-frame--fill' : ''}${className ? ` ${className}` : ''}`;
  if (!current) return null;
  const fallback = fallbackSrc && fallbackSrc !== current ? fallbackSrc : undefined;
  const fallbackSrcSet = fallback ? srcSetFor(fallback) : undefined;
  return (
    <div className={frameClass} style={fill ? undefined : { aspectRatio: `${width} / ${height}` }}>
      <img
        src={current}
        srcSet={srcSetFor(current)}
        sizes={srcSetFor(current) ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority || eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority || eager ? undefined : 'async'}
        data-fallback="remove"
        data-fallback-src={fallback}
        data-fallback-srcset={fallbackSrcSet}
        data-fallback-sizes={fallbackSrcSet ? sizes : undefined}
      />
    </div>
  );
}
