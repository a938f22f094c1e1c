import { useEffect, useRef, useState } from 'react';

/** Product-made images come in two widths: `<name>.<ext>` and `<name>-640.<ext>` (web/scripts/generate-images.ts). */
const RESPONSIVE = /^\/(images\/[\w/-]+|default-about-hero|default-hero-bg)\.(webp|jpg)$/;

/** A srcset for the site's own images (640 px and full width); undefined for store and external images. */
export function srcSetFor(src: string): string | undefined {
  const m = RESPONSIVE.exec(src);
  if (!m) return undefined;
  const full = m[1].startsWith('images/') ? 1200 : 1600;
  return `/${m[1]}-640.${m[2]} 640w, ${src} ${full}w`;
}

export interface ContentImageProps {
  src: string | undefined;
  alt: string;
  /** Intrinsic size: set on the <img> and as the frame's aspect ratio, so nothing shifts while it loads. */
  width: number;
  height: number;
  /** `sizes` for the srcset of the site's own images. */
  sizes?: string;
  /** Above the fold: eager, high fetch priority. Otherwise lazy. */
  priority?: boolean;
  /** Used when `src` is missing or fails; without it a failed image is hidden. */
  fallbackSrc?: string;
  className?: string;
  /** Fill a positioned parent (banners) instead of keeping the image's own aspect ratio. */
  fill?: boolean;
}

/**
 * A content image in a fixed-ratio frame whose soft background is the placeholder while it loads.
 * A failed image switches to `fallbackSrc` (default images, SPEC 8) or, without one, hides its frame.
 * Failures that happened before hydration are caught on mount.
 */
export function ContentImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  fallbackSrc,
  className,
  fill = false,
}: ContentImageProps) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || fallbackSrc;
  const current = failed === wanted ? (fallbackSrc && fallbackSrc !== wanted ? fallbackSrc : undefined) : wanted;

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') === wanted) setFailed(wanted);
  }, [wanted]);

  const frameClass = `media-frame${fill ? ' media-frame--fill' : ''}${className ? ` ${className}` : ''}`;
  if (!current) return null;
  return (
    <div className={frameClass} style={fill ? undefined : { aspectRatio: `${width} / ${height}` }}>
      <img
        ref={ref}
        src={current}
        srcSet={srcSetFor(current)}
        sizes={srcSetFor(current) ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        onError={() => setFailed((f) => (f === wanted ? f : wanted))}
      />
    </div>
  );
}
