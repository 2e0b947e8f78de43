/**
 * The marketplace's own contacts for its vendors (spec §2 Support). These are Servo's team inboxes and
 * desk lines, not a person's details: example.com addresses (as SUPPORT_EMAIL's default) and 555-01xx
 * numbers, which are reserved for fiction, until the operator publishes real ones.
 */
export interface SupportContact {
  /** What the contact is for, the card's heading. */
  title: string;
  /** Who answers: a team of the marketplace. */
  team: string;
  description: string;
  email: string;
  /** Ten digits; shown as (XXX) XXX-XXXX. */
  phone: string;
  hours: string;
}

export const ACCOUNT_MANAGER: SupportContact = {
  title: 'Account Manager',
  team: 'Servo Vendor Success',
  description:
    'Your listing, pricing, scheduling, payouts and anything about working with Servo. Your account manager is your first call.',
  email: 'vendors@example.com',
  phone: '4355550142',
  hours: 'Monday to Friday, 8:00 AM to 5:00 PM Mountain Time',
};

export const PURCHASE_ORDERS: SupportContact = {
  title: 'Purchase Orders',
  team: 'Servo Purchase Orders',
  description:
    'Work orders, invoices, commissions and payout statements. Include the order number from your Order History so we can find it quickly.',
  email: 'orders@example.com',
  phone: '4355550143',
  hours: 'Monday to Friday, 9:00 AM to 4:00 PM Mountain Time',
};

export const THANK_YOU =
  'Thank you for serving St George with Servo. Every booking you complete helps a neighbor and helps local businesses grow. We are glad to have you with us, and we reply to every message within 24 hours.';
