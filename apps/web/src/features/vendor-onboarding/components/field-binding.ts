import type { ChangeEvent } from 'react';

/** What the sign-up wizard spreads onto one field: its value, its message and its handlers. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  /** Set when a server message names the field (it is described by that message). */
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
}

/** Binds a field of the current step by its path in that step's section ("address_attributes.city"). */
export type BindField = (path: string) => FieldBinding;
