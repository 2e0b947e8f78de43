import { Modal } from '../modal/modal';
import { useModal } from '../modal/modal-provider';
import './delete-image-modal.css';

export const DELETE_IMAGE_TITLE = 'Delete Image?';

/**
 * The confirmation before a gallery image is deleted (issue 23, finding 16: a delete took the image at
 * once, with no way back). The shared modal: titled, focus kept inside and given back on close, Escape
 * and a background click close it. Cancel has the focus, so Enter on an opened dialog deletes nothing.
 * Delete image closes it and calls onConfirm, which sends the delete.
 */
export function DeleteImageModal({
  imageUrl,
  imageLabel,
  onConfirm,
}: {
  /** The thumbnail shown, so the vendor sees which image goes. */
  imageUrl: string;
  /** "Image 2 of 6". */
  imageLabel: string;
  onConfirm: () => void;
}) {
  const { closeModal } = useModal();
  return (
    <Modal title={DELETE_IMAGE_TITLE} size="small">
      <div className="delete-image-modal">
        <img className="delete-image-modal__image" src={imageUrl} alt={imageLabel} />
        <p>
          {imageLabel} will be removed from your gallery and your listing. This cannot be undone; you can
          upload it again later.
        </p>
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" data-autofocus onClick={closeModal}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            closeModal();
            onConfirm();
          }}
        >
          Delete image
        </button>
      </div>
    </Modal>
  );
}
