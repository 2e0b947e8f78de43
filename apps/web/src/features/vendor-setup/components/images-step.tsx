import { useEffect, useRef, useState } from 'react';
import { VENDOR_MESSAGES, galleryAddProblem, galleryDeleteProblem } from '@stg/domain/api/vendors';
import { LIMITS } from '@stg/domain/constants';
import { DeleteImageModal } from '../../../components/delete-image-modal/delete-image-modal';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import { useModal } from '../../../components/modal/modal-provider';
import type { GalleryImage, Vendor } from '@stg/domain/api/vendors';
import { useDeleteVendorImage, useUploadVendorImages } from '../../../lib/vendor-api';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepFooter } from './step-footer';

/** The client's check before an upload (the server checks again): at most 20 in all. */
export function galleryUploadProblem(countBefore: number, adding: number): string | null {
  if (adding > LIMITS.galleryMax) return VENDOR_MESSAGES.tooManyFiles;
  return galleryAddProblem(countBefore, adding);
}

/**
 * Setup step 2, Upload Images (spec §2, §9): 4 to 20 gallery images, several at once, each deletable
 * (after a confirmation);
 * Continue to calendar once there are at least 4.
 */
export function ImagesStep({ vendor }: { vendor: Vendor }) {
  const images = vendor.galleryImageUrls;
  const count = images.length;
  const [uploading, setUploading] = useState(false);
  const full = count >= LIMITS.galleryMax;
  const needed = Math.max(0, LIMITS.galleryMin - count);
  const upload = useUploadVendorImages(vendor.id);

  return (
    <section className="setup-step" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Upload Images</StepHeading>
      <p className="setup-step__lead">
        Add {LIMITS.galleryMin} to {LIMITS.galleryMax} photos of your work for the gallery on your listing.
        Before-and-after shots, your team and your equipment work well. You can choose several at once.
      </p>
      <div className="card setup-gallery">
        <div className="setup-gallery__head">
          <h3 className="setup-gallery__title">Gallery</h3>
          <p className="setup-gallery__count" aria-live="polite">
            <strong>
              {count} of {LIMITS.galleryMax}
            </strong>{' '}
            images
            {needed > 0 && <span className="setup-gallery__needed"> · add at least {needed} more</span>}
          </p>
        </div>
        <ImageUpload
          label="Add images"
          variant="dropzone"
          multiple
          disabled={full}
          hint={
            full
              ? `Your gallery is full. Delete an image to add another.`
              : `JPEG, PNG or WebP, up to 10 MB each. You can add ${LIMITS.galleryMax - count} more.`
          }
          validate={(files) => galleryUploadProblem(count, files.length)}
          onUpload={(files, onProgress) => upload.mutateAsync({ slot: 'gallery', files, onProgress })}
          onUploadingChange={setUploading}
        />
        <GalleryGrid vendor={vendor} images={images} />
      </div>
      <StepFooter
        page="images"
        canContinue={count >= LIMITS.galleryMin && !uploading}
        waiting={
          uploading
            ? 'Wait for the upload to finish.'
            : `Add at least ${LIMITS.galleryMin} images to continue.`
        }
      />
    </section>
  );
}

function GalleryGrid({ vendor, images }: { vendor: Vendor; images: GalleryImage[] }) {
  const remove = useDeleteVendorImage(vendor.id);
  const { openModal } = useModal();
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  // After a delete the focus goes to the image now in that place (or the one before it).
  const focusIndex = useRef<number | null>(null);
  const blocked = galleryDeleteProblem(vendor.listingStatus, images.length);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.setup-gallery__delete');
    const target = buttons?.[Math.min(index, buttons.length - 1)];
    if (target) target.focus();
    else
      document
        .querySelector<HTMLButtonElement>('.setup-gallery .image-upload__button:not(:disabled)')
        ?.focus();
  }, [images.length]);

  if (images.length === 0)
    return (
      <p className="empty-state setup-gallery__empty">
        No images yet. Add at least {LIMITS.galleryMin} to continue.
      </p>
    );

  // Issue 23: a delete is confirmed first (the image used to go at once, with no way back).
  const confirmDelete = (image: GalleryImage, index: number) =>
    openModal(
      <DeleteImageModal
        imageUrl={image.thumbnailUrl ?? image.url}
        imageLabel={`Image ${index + 1} of ${images.length}`}
        onConfirm={() => del(image, index)}
      />,
    );

  const del = (image: GalleryImage, index: number) => {
    const key = String(image.blobId);
    setDeleting((current) => new Set(current).add(key));
    remove.mutate(key, {
      onSuccess: () => {
        focusIndex.current = index;
      },
      // Spec §8: a failed gallery delete is only logged (the image simply stays).
      onError: (error) => console.error('Gallery image delete failed', error),
      onSettled: () =>
        setDeleting((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        }),
    });
  };

  return (
    <ul className="tile-list setup-gallery__grid" ref={listRef} aria-label="Gallery images">
      {images.map((image, index) => {
        const n = index + 1;
        const busy = deleting.has(String(image.blobId));
        return (
          <li
            key={String(image.blobId)}
            className={busy ? 'setup-gallery__item is-deleting' : 'setup-gallery__item'}
          >
            <img
              className="setup-gallery__image"
              src={image.thumbnailUrl ?? image.url}
              alt={`Gallery image ${n}`}
              loading="lazy"
              decoding="async"
            />
            {busy && (
              <span className="setup-gallery__deleting" role="status">
                Deleting…
              </span>
            )}
            <button
              type="button"
              className="setup-gallery__delete"
              aria-label={`Delete image ${n}`}
              aria-haspopup="dialog"
              title={blocked ?? `Delete image ${n}`}
              disabled={busy || blocked !== null}
              onClick={() => confirmDelete(image, index)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
                  fill="currentColor"
                />
              </svg>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
