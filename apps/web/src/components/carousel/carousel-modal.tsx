import { Modal } from '../modal/modal';
import type { GalleryImage } from '@stg/domain/api/vendors';
import { CarouselControls } from './carousel-controls';
import { useCarousel } from './use-carousel';

export const galleryImageAlt = (vendorName: string, index: number) =>
  `${vendorName} work sample ${index + 1}`;

/** The carousel modal (spec §2): a vendor's gallery images, one at a time, with wraparound. */
export function CarouselModal({
  vendorName,
  images,
  startIndex,
}: {
  vendorName: string;
  images: GalleryImage[];
  startIndex: number;
}) {
  const { index, next, previous } = useCarousel(images.length, startIndex);
  const image = images[index];
  if (!image) return null;
  return (
    <Modal title={`${vendorName} gallery`} size="large">
      <div className="carousel">
        <figure className="carousel__slide">
          <img className="carousel__image" src={image.url} alt={galleryImageAlt(vendorName, index)} />
        </figure>
        <CarouselControls
          index={index}
          count={images.length}
          noun="image"
          onPrevious={previous}
          onNext={next}
        />
      </div>
    </Modal>
  );
}
