import type { VendorJson } from '@stg/domain/api/vendors';

/** The logo, the banner and the gallery thumbnails, each opening its full-size image in a new tab. */
export function ListingImages({ vendor }: { vendor: VendorJson }) {
  const banner = vendor.bannerImageUrl ?? vendor.thumbnailImageUrl;
  const gallery = vendor.galleryImageUrls;
  return (
    <div className="listing-review__images">
      <div className="listing-review__brand">
        <figure className="listing-review__figure">
          {vendor.logoImageUrl ? (
            <a href={vendor.logoImageUrl} target="_blank" rel="noreferrer">
              <img
                className="listing-review__logo"
                src={vendor.logoImageUrl}
                alt={`${vendor.name} logo`}
                decoding="async"
              />
            </a>
          ) : (
            <span className="listing-review__missing">No logo</span>
          )}
          <figcaption>Logo</figcaption>
        </figure>
        <figure className="listing-review__figure listing-review__figure--banner">
          {banner ? (
            <a href={banner} target="_blank" rel="noreferrer">
              <img
                className="listing-review__banner"
                src={banner}
                alt={`${vendor.name} banner`}
                decoding="async"
              />
            </a>
          ) : (
            <span className="listing-review__missing">No banner</span>
          )}
          <figcaption>Banner</figcaption>
        </figure>
      </div>
      <h4 className="listing-review__subheading">Gallery ({gallery.length})</h4>
      {gallery.length === 0 ? (
        <p className="listing-review__muted">No gallery images.</p>
      ) : (
        <ul className="listing-review__gallery">
          {gallery.map((image, index) => (
            <li key={image.blobId}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img
                  src={image.thumbnailUrl || image.url}
                  alt={`${vendor.name} gallery image ${index + 1} of ${gallery.length}`}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
