import { coverSource } from '@stg/domain/cover-images';

interface VendorCoverProps {
  /** The banner's small rendition (about 480 px wide), or null while none is uploaded. */
  url: string | null;
  /** The full-size banner, offered to wide or dense screens when known. */
  fullUrl?: string | null;
  /** The width the image is shown at, for the browser's choice between `url` and `fullUrl`. */
  sizes?: string;
  /**
   * The page's largest picture (above the fold): fetched at once with high priority. Otherwise the image
   * loads lazily, when it comes near the viewport.
   */
  priority?: boolean;
  className?: string;
}

/**
 * A vendor's banner (16:9, the shape vendors are asked for), or a soft patterned placeholder while none is
 * uploaded. Its box is sized by CSS (width and aspect-ratio, or a fixed height) before the image arrives,
 * and the picture is scaled to cover it: no layout shift, no letterboxing.
 */
export function VendorCover({ url, fullUrl, sizes, priority = false, className = '' }: VendorCoverProps) {
  const classes = `vendor-cover ${className}`.trim();
  // The same src, srcset and sizes as the server's preload of the page's largest picture (ADR 0025).
  const source = coverSource(url, fullUrl, sizes);
  if (!source) return <span className={`${classes} vendor-cover--placeholder`} aria-hidden="true" />;
  return (
    <img
      className={classes}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.sizes}
      alt=""
      width={1600}
      height={900}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
    />
  );
}
