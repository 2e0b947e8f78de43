/** The fields of an address that a postal address shows (an order's or a customer's address). */
export interface PostalAddressValue {
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zipCode: string;
}

export interface PostalAddressProps {
  /** Null when no address was recorded. */
  address: PostalAddressValue | null;
  /** The page's class for the <address> element ("order-row__address"). */
  className: string;
}

/** A postal address on two lines (street, then city, state and zip), or "Not recorded". */
export function PostalAddress({ address, className }: PostalAddressProps) {
  if (!address) return 'Not recorded';
  return (
    <address className={className}>
      {address.streetAddress}
      {address.streetAddress2 ? `, ${address.streetAddress2}` : ''}
      <br />
      {address.city}, {address.state} {address.zipCode}
    </address>
  );
}
