import { useState, type FormEvent } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import { LIMITS } from '@stg/domain/constants';
import { useUpdateVendor } from '../vendor-api';

export const SERVICE_DESCRIPTION_MAX = LIMITS.serviceDescriptionMax;
export const APPOINTMENT_INSTRUCTIONS_MAX = LIMITS.appointmentInstructionsMax;

/** The vendor's free texts edited on their own: the service description and the appointment instructions. */
type VendorTextField = 'serviceDescription' | 'appointmentInstructions';
const MAX_OF: Record<VendorTextField, number> = {
  serviceDescription: SERVICE_DESCRIPTION_MAX,
  appointmentInstructions: APPOINTMENT_INSTRUCTIONS_MAX,
};

/**
 * Editing one of a vendor's free texts: the text cut to its limit whatever is typed or pasted (spec §3
 * "max 500 chars", §5 "cut to 500"), saved by its own button once changed (an empty text saves as none),
 * "Saved" once the server answered, an error cleared by the next keystroke.
 */
export function useVendorText(vendor: Vendor, field: VendorTextField) {
  const update = useUpdateVendor(vendor.id);
  const max = MAX_OF[field];
  const current = vendor[field] ?? '';
  const [text, setText] = useState(current);
  const [saved, setSaved] = useState(false);
  const changed = text !== current;

  const onChange = (value: string) => {
    setText(value.slice(0, max));
    setSaved(false);
    if (update.isError) update.reset();
  };

  const changes = () => {
    const value = text.trim() === '' ? null : text;
    return field === 'serviceDescription'
      ? { serviceDescription: value }
      : { appointmentInstructions: value };
  };
  const onSaved = (vendorSaved: Vendor) => {
    setText(vendorSaved[field] ?? '');
    setSaved(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    update.mutate({ changes: changes() }, { onSuccess: onSaved });
  };

  /** Saves the text if it changed (Setup's Submit for Review, so what was typed is what is reviewed). */
  const saveIfChanged = async () => {
    if (!changed) return;
    onSaved(await update.mutateAsync({ changes: changes() }));
  };

  return {
    text,
    onChange,
    onSubmit,
    saveIfChanged,
    changed,
    update,
    status: saved && !changed ? 'Saved' : '',
    max,
  };
}

/**
 * The service description (spec §2 General Settings): General Settings and Setup's Next Steps (ADR 0032)
 * draw it each in their own card.
 */
export const useServiceDescription = (vendor: Vendor) => useVendorText(vendor, 'serviceDescription');

/** The appointment instructions, beside the description in Setup's Next Steps (ADR 0032). */
export const useAppointmentInstructions = (vendor: Vendor) =>
  useVendorText(vendor, 'appointmentInstructions');
