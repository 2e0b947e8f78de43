/**
 * How a vendor's banner is drawn (web VendorCover) and preloaded (the server's pages, ADR 0025): the
 * same src, srcset and sizes on both sides, so a preloaded picture is the one the page then uses and is
 * downloaded once.
 */

/** Width of the thumbnail the server makes of a banner (image-rules THUMBNAIL_EDGE). */
export const COVER_THUMBNAIL_WIDTH = 480;
/** Banner width assumed for `srcset`: demo banners are 1600 px, vendors are asked for at least 1600. */
export const COVER_FULL_WIDTH = 1600;

/** How wide a card's cover is drawn in .card-grid (1, 2 or 4 columns in a 1200 px container). */
export const CARD_COVER_SIZES =
  '(min-width: 1200px) 282px, (min-width: 960px) 23vw, (min-width: 560px) 47vw, 94vw';
/** The provider page's banner spans the screen. */
export const BANNER_COVER_SIZES = '100vw';

export interface CoverSource {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The <img> attributes of a cover: the small rendition `url`, and the full banner offered to wide or
 * dense screens when it is known and differs. Null when there is no picture (a placeholder is drawn).
 */
export function coverSource(url: string | null, fullUrl?: string | null, sizes?: string): CoverSource | null {
  if (!url) return null;
  if (!fullUrl || fullUrl === url || !sizes) return { src: url };
  return { src: url, srcSet: `${url} ${COVER_THUMBNAIL_WIDTH}w, ${fullUrl} ${COVER_FULL_WIDTH}w`, sizes };
}
