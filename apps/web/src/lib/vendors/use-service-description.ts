import { useState, type FormEvent } from 'react';
import type { Vendor } from '@stg/domain/api/vendors';
import { LIMITS } from '@stg/domain/constants';
import { useUpdateVendor } from '../vendor-api';

export const SERVICE_DESCRIPTION_MAX = LIMITS.serviceDescriptionMax;

/**
 * Editing a vendor's service description (spec §2 General Settings, §3 "max 500 chars", §5 "cut to 500"):
 * the text cut to 500 characters whatever is typed or pasted, saved by its own button once changed (an
 * empty text saves as none), "Saved" once the server answered, an error cleared by the next keystroke.
 * General Settings and Setup's Next Steps (ADR 0032) draw it each in their own card.
 */
export function useServiceDescription(vendor: Vendor) {
  const update = useUpdateVendor(vendor.id);
  const current = vendor.serviceDescription ?? '';
  const [text, setText] = useState(current);
  const [saved, setSaved] = useState(false);
  const changed = text !== current;

  const onChange = (value: string) => {
    setText(value.slice(0, SERVICE_DESCRIPTION_MAX));
    setSaved(false);
    if (update.isError) update.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    update.mutate(
      { changes: { serviceDescription: text.trim() === '' ? null : text } },
      {
        onSuccess: (vendorSaved) => {
          setText(vendorSaved.serviceDescription ?? '');
          setSaved(true);
        },
      },
    );
  };

  return { text, onChange, onSubmit, changed, update, status: saved && !changed ? 'Saved' : '' };
}
