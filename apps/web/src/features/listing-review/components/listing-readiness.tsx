import type { ReviewQueueItem } from '@stg/domain/api/vendors';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { formatDurationHours } from '@stg/domain/pricing';

/** The id of the card's list of what is missing (it describes the greyed Approve). */
export const missingListId = (headingId: string) => `${headingId}-missing`;

/**
 * Issue 25 §1 on the review card: what a typical customer would pay and how long the job would take (the
 * server prices each question's default answer, else its first choice), and what still stops the listing
 * from going live (the server's listingReadiness; Approve is refused for the same reasons).
 */
export function ListingReadiness({ item, headingId }: { item: ReviewQueueItem; headingId: string }) {
  const { sampleQuote: quote, missing } = item;
  return (
    <>
      <section aria-labelledby={`${headingId}-quote`}>
        <h3 id={`${headingId}-quote`}>Sample Quote</h3>
        {quote ? (
          <>
            <p>
              A typical customer would pay <strong>{formatDollars(dollarsToCents(quote.price))}</strong>,{' '}
              {formatDurationHours(quote.durationMinutes)}.
            </p>
            {quote.answers.length > 0 && (
              <ul className="listing-review__options" aria-label="Answers priced">
                {quote.answers.map((a) => (
                  <li key={a.question}>
                    {a.question}: {a.answer}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="listing-review__muted">The pricing formula gives no price for a typical customer.</p>
        )}
      </section>
      <section aria-labelledby={`${headingId}-ready`}>
        <h3 id={`${headingId}-ready`}>Ready to Sell</h3>
        {missing.length === 0 ? (
          <p>Nothing is missing.</p>
        ) : (
          // Approve's description while it is greyed: why it is off.
          <div id={missingListId(headingId)}>
            <p className="listing-review__muted">Not ready to approve. The vendor still needs to:</p>
            <ul className="listing-review__not-ready">
              {missing.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}
