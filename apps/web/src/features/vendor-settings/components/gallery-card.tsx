import { useEffect, useId, useRef, useState } from 'react';
import { galleryAddProblem, galleryDeleteProblem, VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { LIMITS } from '@stg/domain/constants';
import { DeleteImageModal } from '../../../components/delete-image-modal/delete-image-modal';
import { ErrorList } from '../../../components/error-list';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import type { GalleryImage, Vendor } from '@stg/domain/api/vendors';
import { useDeleteVendorImage, useUploadVendorImages } from '../../../lib/vendor-api';
// The one carousel modal of the product (spec §2 Modals: carousel), as the provider page opens it.
import { CarouselModal, galleryImageAlt } from '../../../components/carousel/carousel-modal';

/**
 * The gallery of Visual Content (spec §2, §9: 4 to 20 images): the thumbnails, each opening the
 * carousel and with its Delete (confirmed in a dialog first); images added several at a time. A live listing keeps at least 4: a
 * delete below that is refused with the domain's message before anything is sent.
 */
export function GalleryCard({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const { openModal } = useModal();
  const remove = useDeleteVendorImage(vendor.id);
  const upload = useUploadVendorImages(vendor.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string>('');
  const adding = useRef(0);
  const images = vendor.galleryImageUrls;
  const count = images.length;
  const full = count >= LIMITS.galleryMax;

  // After a delete, focus goes to the Delete of the image now in its place (or the last one), else the
  // heading: the button pressed is gone.
  const deleteButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterDelete = useRef<{ index: number; blobId: string } | null>(null);
  const pending = remove.isPending;
  useEffect(() => {
    const wanted = focusAfterDelete.current;
    if (wanted === null || pending) return;
    // Once the deleted image has left the list (the session is updated a moment after the answer).
    if (images.some((i) => String(i.blobId) === wanted.blobId)) return;
    focusAfterDelete.current = null;
    const target = deleteButtons.current[Math.min(wanted.index, images.length - 1)];
    (target ?? heading.current)?.focus();
  }, [images, pending]);

  const clearMessages = () => {
    setDone('');
    setRefusal(null);
    remove.reset();
  };

  const onDelete = (image: GalleryImage, index: number) => {
    clearMessages();
    const problem = galleryDeleteProblem(vendor.listingStatus, count);
    if (problem) {
      setRefusal(problem);
      return;
    }
    // Issue 23: a delete is confirmed first (the image used to go at once, with no way back).
    openModal(
      <DeleteImageModal
        imageUrl={image.thumbnailUrl ?? image.url}
        imageLabel={`Image ${index + 1} of ${count}`}
        onConfirm={() =>
          remove.mutate(String(image.blobId), {
            onSuccess: () => {
              setDone('Image deleted.');
              focusAfterDelete.current = { index, blobId: String(image.blobId) };
            },
          })
        }
      />,
    );
  };

  const errors = refusal ? [refusal] : remove.isError ? errorsOf(remove.error) : [];
  const deleting = remove.isPending ? remove.variables : null;

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <div className="vendor-settings__card-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Gallery
        </h2>
        <p className="vendor-settings__count-badge">
          {count} of {LIMITS.galleryMax} images
        </p>
      </div>
      <p className="vendor-settings__muted">
        Photos of your work, shown on your page. Keep at least {LIMITS.galleryMin} while your listing is live;
        up to {LIMITS.galleryMax} in all.
      </p>
      <ErrorList errors={errors} />
      <p role="status" className="form__status">
        {done}
      </p>
      {count === 0 ? (
        <p className="empty-state">No gallery images yet. Add at least {LIMITS.galleryMin} below.</p>
      ) : (
        <ul className="tile-list vendor-settings__gallery">
          {images.map((image, index) => {
            const blobId = String(image.blobId);
            const busy = deleting === blobId;
            return (
              <li key={blobId} className="vendor-settings__gallery-item" aria-busy={busy || undefined}>
                <button
                  type="button"
                  className="vendor-settings__thumb"
                  aria-haspopup="dialog"
                  aria-label={`View image ${index + 1} of ${count}`}
                  onClick={() =>
                    openModal(<CarouselModal vendorName={vendor.name} images={images} startIndex={index} />)
                  }
                >
                  <img
                    src={image.thumbnailUrl ?? image.url}
                    alt={galleryImageAlt(vendor.name, index)}
                    loading="lazy"
                    decoding="async"
                  />
                </button>
                <button
                  ref={(element) => {
                    deleteButtons.current[index] = element;
                  }}
                  type="button"
                  className="button button--small button--secondary vendor-settings__delete"
                  aria-label={`Delete image ${index + 1}`}
                  aria-haspopup="dialog"
                  disabled={remove.isPending}
                  onClick={() => onDelete(image, index)}
                >
                  {busy ? 'Deleting…' : 'Delete'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ImageUpload
        label="Add Images"
        multiple
        variant="dropzone"
        tone={count < LIMITS.galleryMin ? 'primary' : 'secondary'}
        disabled={full}
        hint={
          full
            ? VENDOR_MESSAGES.galleryFull
            : `Choose up to ${LIMITS.galleryMax - count} more at once. JPEG, PNG or WebP, up to 10 MB each.`
        }
        validate={(files) => galleryAddProblem(count, files.length)}
        onUploadingChange={(uploading) => {
          if (uploading) clearMessages();
        }}
        onUpload={(files, onProgress) => {
          adding.current = files.length;
          return upload.mutateAsync({ slot: 'gallery', files, onProgress });
        }}
        onUploaded={() => setDone(adding.current === 1 ? 'Image added.' : `${adding.current} images added.`)}
      />
    </section>
  );
}
