import { useModal } from '../../../components/modal/modal-provider';
import type { GalleryImage } from '@stg/domain/api/vendors';
import { CarouselModal, galleryImageAlt } from '../../../components/carousel/carousel-modal';

/** The gallery thumbnails of a provider page; each opens the carousel at its image. */
export function Gallery({ vendorName, images }: { vendorName: string; images: GalleryImage[] }) {
  const { openModal } = useModal();
  if (images.length === 0) return null;
  return (
    <section className="provider__section provider__gallery" aria-labelledby="provider-gallery">
      <h2 id="provider-gallery">Gallery</h2>
      <ul className="tile-list gallery-grid">
        {images.map((image, index) => (
          <li key={image.blobId}>
            <button
              type="button"
              className="gallery-grid__button"
              aria-haspopup="dialog"
              aria-label={`View image ${index + 1} of ${images.length}`}
              onClick={() =>
                openModal(<CarouselModal vendorName={vendorName} images={images} startIndex={index} />)
              }
            >
              <img
                src={image.thumbnailUrl ?? image.url}
                alt={galleryImageAlt(vendorName, index)}
                width={480}
                height={360}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
