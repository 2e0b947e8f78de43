/** Paper Check answers as the shared contract has them (the page parses them strictly). */
import {
  paperCheckOwedSchema,
  transferNeedingReviewSchema,
  type PaperCheckOwed,
  type TransferNeedingReview,
} from '@stg/domain/api/payouts';
export { operatorSession } from '../../test/fixtures';

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

export function transferToCheck(patch: Partial<TransferNeedingReview> = {}): TransferNeedingReview {
  return transferNeedingReviewSchema.parse({
    orderId: 51,
    confirmationId: 'STG-3TQ8M',
    vendor: { id: 34, name: 'Canyon Pool Care', email: 'team@canyonpool.example', phoneNumber: '4355550122' },
    amount: 212.75,
    destinationAccountId: 'acct_1CanyonPool',
    transferKey: 'payout-order-51',
    startedAt: '2026-11-24T16:00:00.000Z',
    // 9:40am on Nov 25 in St George.
    needsReviewSince: '2026-11-25T16:40:00.000Z',
    attempts: 20,
    lastError: 'connect ETIMEDOUT api.stripe.com:443',
    ...patch,
  });
}
