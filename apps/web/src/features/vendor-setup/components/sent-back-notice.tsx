import { SEND_BACK_ITEM_LABELS, type SendBackItem, type Vendor } from '@stg/domain/api/vendors';
import { Link } from '../../../components/link';
import { parseSetupPage, setupPageLink } from '../setup-pages';
import { DESCRIPTION_CARD_ID, INSTRUCTIONS_CARD_ID } from './description-card';

/** The Setup page where each item is changed; Next Steps holds the description and the instructions. */
const PAGE_OF_ITEM: Record<SendBackItem, string> = {
  logo: 'logo',
  images: 'images',
  calendar: 'calendar',
  payouts: 'payouts',
  pricing: 'pricing',
  scheduling: 'scheduling',
  description: 'next-steps',
  instructions: 'next-steps',
};

function itemLink(item: SendBackItem): string | null {
  // Only a page this Setup has (a step another build adds is named without a link until it is there).
  const page = parseSetupPage(PAGE_OF_ITEM[item]);
  if (!page) return null;
  if (item === 'description') return `${setupPageLink(page)}#${DESCRIPTION_CARD_ID}`;
  if (item === 'instructions') return `${setupPageLink(page)}#${INSTRUCTIONS_CARD_ID}`;
  return setupPageLink(page);
}

/**
 * A listing sent back by the review (issue 25 §1): what the operator asked to fix, each linking to the Setup
 * step that changes it, and their reason in words; shown on every Setup page until the vendor submits again
 * (the server clears both then). Nothing while the listing is not awaiting submission or nothing was asked.
 */
export function SentBackNotice({ vendor }: { vendor: Vendor }) {
  if (vendor.listingStatus !== 'awaiting_submission') return null;
  const reason = vendor.reviewNote?.trim() ?? '';
  const fixes = vendor.reviewFixes ?? [];
  if (!reason && fixes.length === 0) return null;
  return (
    <div
      className="alert alert--warning vendor-setup__review-note"
      role="note"
      aria-label="Changes requested"
    >
      <p>
        <strong>Changes requested:</strong>{' '}
        {fixes.length > 0 ? 'our review asks you to fix these before your listing can go live.' : reason}
      </p>
      {fixes.length > 0 && (
        <ul className="vendor-setup__review-fixes">
          {fixes.map((item) => {
            const to = itemLink(item);
            return (
              <li key={item}>
                {to ? <Link to={to}>{SEND_BACK_ITEM_LABELS[item]}</Link> : SEND_BACK_ITEM_LABELS[item]}
              </li>
            );
          })}
        </ul>
      )}
      {fixes.length > 0 && reason && (
        <p className="vendor-setup__review-reason">
          <strong>Reviewer&rsquo;s note:</strong> {reason}
        </p>
      )}
      <p className="vendor-setup__review-note-help">
        Make the changes, then submit your listing again from Next Steps.
      </p>
    </div>
  );
}
