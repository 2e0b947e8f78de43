import { centsToDollars } from '@stg/domain/money';
import type { addresses, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export function presentUser(u: UserRow) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    userType: u.userType,
    vendorId: u.vendorId,
    serviceCharge: centsToDollars(u.serviceChargeCents),
    currentAddressId: u.currentAddressId,
    operator: u.isOperator,
  };
}
export type UserJson = ReturnType<typeof presentUser>;

export function presentAddress(
  a: AddressRow,
  inputs: { pricingInputId: number; valueString: string }[] = [],
) {
  return {
    id: a.id,
    streetAddress: a.streetAddress,
    streetAddress2: a.streetAddress2,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    default: a.isDefault,
    userInputs: Object.fromEntries(
      inputs.map((i) => [String(i.pricingInputId), { valueString: i.valueString }]),
    ),
  };
}
export type AddressJson = ReturnType<typeof presentAddress>;
