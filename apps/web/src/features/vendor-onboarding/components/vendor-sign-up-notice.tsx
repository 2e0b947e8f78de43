import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';

/**
 * What "List Your Service" opens until the three-step vendor-sign-up-form ships with the vendor onboarding
 * work. It says so plainly and signs nobody up.
 */
export function VendorSignUpNotice() {
  const { closeModal } = useModal();
  return (
    <Modal title="List Your Service" size="small">
      <p>
        Vendor sign-up opens with our vendor onboarding release. Online applications are not being taken on
        this site yet.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          Got it
        </button>
      </div>
    </Modal>
  );
}
