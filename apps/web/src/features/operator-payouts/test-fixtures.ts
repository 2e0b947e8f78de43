/** Paper Check answers as the shared contract has them (the page parses them strictly). */
import { paperCheckOwedSchema, type PaperCheckOwed } from '@stg/domain/api/payouts';
import { sessionResponseSchema, type Session } from '@stg/domain/api/session';
import { customerAddress, customerUser } from '../../test/fixtures';

export function paperCheck(patch: Partial<PaperCheckOwed> = {}): PaperCheckOwed {
  return paperCheckOwedSchema.parse({
    orderId: 41,
    confirmationId: 'STG-7K2Q9',
    vendor: {
      id: 31,
      name: 'Red Rock Windows',
      email: 'hello@redrock.example',
      phoneNumber: '4355550199',
      address: {
        streetAddress: '200 N Main St',
        streetAddress2: 'Suite 4',
        city: 'St George',
        state: 'UT',
        zipCode: '84790',
      },
    },
    amount: 120.5,
    // 8:30pm on Nov 20 in St George (03:30 on Nov 21 in UTC).
    fulfilledAt: '2026-11-21T03:30:00.000Z',
    owedSince: '2026-11-24T03:30:00.000Z',
    reason: 'no_payout_account',
    failureMessage: null,
    ...patch,
  });
}

export const operatorSession: Session = sessionResponseSchema.parse({
  user: { ...customerUser, id: 3, firstName: 'Olive', email: 'operator@example.com', operator: true },
  addresses: [customerAddress],
  orders: [],
  vendor: null,
  bookings: [],
  guestInputs: {},
});
