import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { unprintableMessage } from '@stg/domain/printable-text';
import { MESSAGES } from '@stg/domain/validation';
import type { Session } from '@stg/domain/api/session';
import type { GalleryImage, Vendor } from '@stg/domain/api/vendors';
import { pathOf } from '@stg/domain/api/endpoint';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { makeVendor, vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { DEACTIVATE_MESSAGE } from '../components/listing-status-card';

type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

const image = (n: number): GalleryImage => ({
  blobId: `blob-${n}`,
  url: `/uploads/gallery-${n}.webp`,
  thumbnailUrl: `/uploads/gallery-${n}-thumb.webp`,
});
const gallery = (count: number) => Array.from({ length: count }, (_, i) => image(i + 1));

/** The sandbox's answer to create_account_session (payouts management opens one at once). */
const SANDBOX_SESSION = {
  client_secret: 'acctsess_1_secret_abc',
  provider: 'sandbox',
  publishableKey: null,
  currentlyDue: [],
};

/** The vendor the mock server holds: GET /api/session answers it, a PATCH changes it. */
let serverVendor: Vendor;

/** The vendor as the API answers it (the shared contract's shape). */
const vendorJson = (vendor: Vendor) => ({ payoutDestination: null, ...vendor });

/** PATCH /api/vendors/7 as the server does it: the changes are kept and the vendor answered. */
const patchVendor: Handler = (call) => {
  const { vendor } = call.body as { vendor: Partial<Vendor> };
  serverVendor = { ...serverVendor, ...vendor };
  return { body: vendorJson(serverVendor) };
};

/** Refuses a wrong password the first time, then does as the server does. */
const wrongPasswordFirst: Handler[] = [
  { status: 422, body: { errors: [VENDOR_MESSAGES.passwordIncorrect] } },
  patchVendor,
];

function start({
  vendor = {},
  path = '/dashboard/general',
  routes = {},
}: {
  vendor?: Partial<Vendor>;
  path?: string;
  routes?: Record<string, Handler | Handler[]>;
} = {}) {
  serverVendor = makeVendor({ galleryImageUrls: gallery(6), ...vendor });
  const session = (): Session => ({ ...vendorSession(), vendor: serverVendor });
  const api = mockApi({
    [at(sessionApi.current)]: () => ({ body: session(), headers: { 'X-CSRF-Token': 'token-1' } }),
    [at(vendorsApi.createAccountSession)]: { body: SANDBOX_SESSION },
    [at(reviewsApi.googleReviews)]: { body: { enabled: true, message: null } },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

const ready = () => screen.findByRole('heading', { level: 1, name: 'General Settings' }, LAZY);
const region = (name: string) => within(screen.getByRole('region', { name }));
/** The vendor's address, where its PATCHes go. */
const VENDOR_7 = pathOf(vendorsApi.update, { id: 7 });
const patches = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => ({ path: c.path, body: c.body }));

describe('general settings tabs', () => {
  it('is a tablist of Business and Visual Content, Business first, and keeps the tab in the URL', async () => {
    const { user, router } = start();
    await ready();
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'General Settings' })).toBeInTheDocument();
    expect(tabs.map((t) => t.textContent)).toEqual(['Business', 'Visual Content']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Business' })).toBeInTheDocument();

    await user.click(tabs[1]!);
    expect(locationOf(router)).toBe('/dashboard/general?tab=visual-content');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Visual Content' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Business Details' })).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, with one Tab stop', async () => {
    const { user, router } = start();
    await ready();
    const [business, visual] = screen.getAllByRole('tab');
    expect(business).toHaveAttribute('tabindex', '0');
    expect(visual).toHaveAttribute('tabindex', '-1');
    business!.focus();
    await user.keyboard('{ArrowRight}');
    expect(visual).toHaveFocus();
    expect(visual).toHaveAttribute('aria-selected', 'true');
    expect(locationOf(router)).toBe('/dashboard/general?tab=visual-content');
    await user.keyboard('{ArrowRight}');
    expect(business).toHaveFocus();
    expect(business).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(visual).toHaveFocus();
    await user.keyboard('{Home}');
    expect(business).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(visual).toHaveFocus();
  });

  it('opens the tab the URL names (a reload), and reads an unknown one as Business', async () => {
    start({ path: '/dashboard/general?tab=visual-content' });
    await ready();
    expect(screen.getByRole('tab', { name: 'Visual Content' })).toHaveAttribute('aria-selected', 'true');
  });

  it('replaces an unknown tab in the URL by Business', async () => {
    const { router } = start({ path: '/dashboard/general?tab=bogus' });
    await ready();
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/general?tab=business'));
  });
});

describe('business details', () => {
  it('keeps Save off until something changed and every field is filled', async () => {
    const { user } = start();
    await ready();
    const form = region('Business Details');
    expect(form.getByLabelText('Business Name')).toHaveValue('Sparkle Cleaning');
    expect(form.getByLabelText('Business Phone')).toHaveValue('4355550000');
    expect(form.getByLabelText('Business Email')).toHaveValue('hello@sparkle.example');
    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(form.getByLabelText('Business Name'), ' Co');
    expect(save).toBeEnabled();
    await user.clear(form.getByLabelText('Business Phone'));
    expect(save).toBeDisabled();
  });

  it('shows the domain messages for phone and email, and asks for no password while they stand', async () => {
    const { user, calls } = start();
    await ready();
    const form = region('Business Details');
    const phone = form.getByLabelText('Business Phone');
    const email = form.getByLabelText('Business Email');
    await user.clear(phone);
    await user.type(phone, '43555');
    await user.clear(email);
    await user.type(email, 'hello@sparkle');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.phoneInvalid));
    expect(email).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(phone).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
    await user.type(phone, '50000');
    expect(phone).not.toHaveAccessibleDescription(expect.stringContaining(MESSAGES.phoneInvalid));
  });

  it('refuses a business name the work order could not print, saying why, before any password (issue 23 #13)', async () => {
    const { user, calls } = start();
    await ready();
    const form = region('Business Details');
    const name = form.getByLabelText('Business Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('Sparkle ✨ Cleaning');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(unprintableMessage('Business name', 'Sparkle ✨ Cleaning'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
  });

  it('asks for the password for a name change and sends {vendor: {name}, password}', async () => {
    const { user, calls } = start({ routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor } });
    await ready();
    const form = region('Business Details');
    const name = form.getByLabelText('Business Name');
    await user.clear(name);
    await user.type(name, 'Sparkle & Shine');
    await user.click(form.getByRole('button', { name: 'Save' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Password' }));
    expect(dialog.getByText(/You are changing your business name\./)).toBeInTheDocument();
    expect(dialog.getByLabelText('Password')).toHaveFocus();
    expect(patches(calls)).toEqual([]);
    await user.type(dialog.getByLabelText('Password'), 'Password123!{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(calls)).toEqual([
      { path: VENDOR_7, body: { vendor: { name: 'Sparkle & Shine' }, password: 'Password123!' } },
    ]);
    expect(form.getByText('Saved')).toBeInTheDocument();
    expect(name).toHaveValue('Sparkle & Shine');
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('sends only what changed: a phone and an email with spaces and capitals', async () => {
    const { user, calls } = start({ routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor } });
    await ready();
    const form = region('Business Details');
    await user.clear(form.getByLabelText('Business Phone'));
    await user.type(form.getByLabelText('Business Phone'), ' 4355551111 ');
    await user.clear(form.getByLabelText('Business Email'));
    await user.type(form.getByLabelText('Business Email'), 'Team@Sparkle.example');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Password' }));
    expect(dialog.getByText(/phone number and email/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(calls)).toEqual([
      {
        path: VENDOR_7,
        body: {
          vendor: { phoneNumber: '4355551111', email: 'team@sparkle.example' },
          password: 'Password123!',
        },
      },
    ]);
  });

  it('shows "Password is incorrect." in the modal, keeps what was typed, and clears it on edit', async () => {
    const { user, calls } = start({ routes: { [at(vendorsApi.update, { id: 7 })]: wrongPasswordFirst } });
    await ready();
    const form = region('Business Details');
    const name = form.getByLabelText('Business Name');
    await user.clear(name);
    await user.type(name, 'Sparkle Pro');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Password' }));
    const password = dialog.getByLabelText('Password');
    await user.type(password, 'not-my-password{Enter}');

    const alert = dialog.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(VENDOR_MESSAGES.passwordIncorrect));
    expect(password).toHaveValue('not-my-password');
    expect(name).toHaveValue('Sparkle Pro');

    await user.clear(password);
    expect(alert).toBeEmptyDOMElement();
    await user.type(password, 'Password123!{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(calls).map((p) => p.body)).toEqual([
      { vendor: { name: 'Sparkle Pro' }, password: 'not-my-password' },
      { vendor: { name: 'Sparkle Pro' }, password: 'Password123!' },
    ]);
    expect(name).toHaveValue('Sparkle Pro');
  });

  it('keeps the typed change when the modal is cancelled', async () => {
    const { user, calls } = start();
    await ready();
    const form = region('Business Details');
    await user.type(form.getByLabelText('Business Name'), ' LLC');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(form.getByLabelText('Business Name')).toHaveValue('Sparkle Cleaning LLC');
    expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(patches(calls)).toEqual([]);
  });

  it('opens the Update Password modal', async () => {
    const { user } = start();
    await ready();
    await user.click(region('Business Details').getByRole('button', { name: 'Update Password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Update Password' }));
    expect(dialog.getByLabelText('Current Password')).toBeInTheDocument();
    expect(dialog.getByLabelText('New Password')).toBeInTheDocument();
    expect(dialog.getByLabelText('Confirm New Password')).toBeInTheDocument();
  });
});

describe('service description', () => {
  it('counts N/500 and cuts what is typed or pasted at 500 characters', async () => {
    const { user } = start({ vendor: { serviceDescription: 'We clean homes.' } });
    await ready();
    const card = region('Service Description');
    const text = card.getByRole('textbox', { name: 'Service Description' });
    expect(text).toHaveValue('We clean homes.');
    expect(text).toHaveAttribute('maxLength', '500');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('15/500'));
    await user.type(text, ' Fast.');
    expect(card.getByText('21/500')).toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'x'.repeat(620) } });
    expect(text).toHaveValue('x'.repeat(500));
    expect(card.getByText('500/500')).toBeInTheDocument();
    await user.type(text, 'y');
    expect(text).toHaveValue('x'.repeat(500));
  });

  it('saves on its own Save without a password', async () => {
    const { user, calls } = start({ routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor } });
    await ready();
    const card = region('Service Description');
    const save = card.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const text = card.getByRole('textbox', { name: 'Service Description' });
    await user.clear(text);
    await user.type(text, 'Deep cleans and move-outs.');
    await user.click(save);
    expect(await card.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches(calls)).toEqual([
      { path: VENDOR_7, body: { vendor: { serviceDescription: 'Deep cleans and move-outs.' } } },
    ]);
  });
});

describe('direct deposit', () => {
  it('says Connected with the bank on file, and opens the account management when payouts are active', async () => {
    const { calls } = start({
      vendor: {
        stripeIntegrated: 'active',
        payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
      },
    });
    await ready();
    const card = region('Payouts');
    expect(card.getByText('Direct Deposit')).toBeInTheDocument();
    expect(card.getByText('Connected')).toBeInTheDocument();
    expect(card.queryByText('Not Connected')).not.toBeInTheDocument();
    expect(card.getByText('STRIPE TEST BANK account ending in 6789')).toBeInTheDocument();
    expect(card.queryByText('Paper Check')).not.toBeInTheDocument();
    // Management: an account session at once (the sandbox here: a note instead of Stripe's component).
    expect(await card.findByText(/on file in the sandbox/)).toBeInTheDocument();
    expect(callsTo(calls, vendorsApi.createAccountSession)).toHaveLength(1);
  });

  it('reads Paper Check when active with no bank on file', async () => {
    start({ vendor: { stripeIntegrated: 'active', payoutDestination: null } });
    await ready();
    expect(region('Payouts').getByText('Paper Check')).toBeInTheDocument();
  });

  it.each(['inactive', 'onboarding'] as const)(
    'says Not Connected and offers the bank onboarding when payouts are %s',
    async (state) => {
      const { calls } = start({ vendor: { stripeIntegrated: state, payoutDestination: null } });
      await ready();
      const card = region('Payouts');
      expect(card.getByText('Not Connected')).toBeInTheDocument();
      expect(card.queryByText('Connected')).not.toBeInTheDocument();
      expect(
        card.getByRole('button', {
          name: state === 'inactive' ? 'Connect your bank' : 'Continue bank setup',
        }),
      ).toBeEnabled();
      expect(card.queryByText('Paper Check')).not.toBeInTheDocument();
      expect(callsTo(calls, vendorsApi.createAccountSession)).toEqual([]);
    },
  );
});

describe('listing status', () => {
  it('Deactivate needs the password and says the listing will be hidden from customers', async () => {
    const { user, calls } = start({ routes: { [at(vendorsApi.update, { id: 7 })]: wrongPasswordFirst } });
    await ready();
    const card = region('Listing Status');
    expect(card.getByText('Active')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Deactivate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Listing' }));
    expect(dialog.getByText(DEACTIVATE_MESSAGE)).toBeInTheDocument();
    expect(DEACTIVATE_MESSAGE).toMatch(/hides your listing from customers/);
    await user.type(dialog.getByLabelText('Password'), 'wrong-one{Enter}');
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.passwordIncorrect),
    );
    expect(card.getByText('Active')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(patches(calls).map((p) => p.body)).toEqual([
      { vendor: { listingStatus: 'inactive' }, password: 'wrong-one' },
      { vendor: { listingStatus: 'inactive' }, password: 'Password123!' },
    ]);
    expect(await card.findByText('Inactive')).toBeInTheDocument();
    expect(card.getByText(/hidden from customers/)).toBeInTheDocument();
    expect(card.getByText('Your listing is deactivated.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('Reactivate needs no password', async () => {
    const { user, calls } = start({
      vendor: { listingStatus: 'inactive' },
      routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor },
    });
    await ready();
    const card = region('Listing Status');
    expect(card.getByText('Inactive')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Reactivate' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await card.findByText('Your listing is active again.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ path: VENDOR_7, body: { vendor: { listingStatus: 'active' } } }]);
    expect(card.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('shows a refused Reactivate', async () => {
    const { user } = start({
      vendor: { listingStatus: 'inactive' },
      routes: {
        [at(vendorsApi.update, { id: 7 })]: {
          status: 422,
          body: { errors: [VENDOR_MESSAGES.reactivateOnlyInactive] },
        },
      },
    });
    await ready();
    const card = region('Listing Status');
    await user.click(card.getByRole('button', { name: 'Reactivate' }));
    expect(await card.findByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.reactivateOnlyInactive);
  });
});

describe('visual content: gallery', () => {
  const visual = '/dashboard/general?tab=visual-content';

  it('shows the thumbnails, the count, and opens the carousel at an image', async () => {
    const { user } = start({ path: visual });
    await ready();
    const card = region('Gallery');
    expect(card.getByText('6 of 20 images')).toBeInTheDocument();
    expect(card.getAllByRole('button', { name: /^View image/ })).toHaveLength(6);
    await user.click(card.getByRole('button', { name: 'View image 3 of 6' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sparkle Cleaning gallery' }));
    expect(dialog.getByText('Image 3 of 6')).toBeInTheDocument();
  });

  it('refuses to delete below 4 images on a live listing, with the domain message, sending nothing', async () => {
    const { user, calls } = start({ path: visual, vendor: { galleryImageUrls: gallery(4) } });
    await ready();
    const card = region('Gallery');
    await user.click(card.getByRole('button', { name: 'Delete image 2' }));
    expect(card.getByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.galleryMinimum);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(card.getAllByRole('button', { name: /^View image/ })).toHaveLength(4);
  });

  it('deletes an image with {blob_id} and moves focus to the image now in its place', async () => {
    const { user, calls } = start({
      path: visual,
      routes: {
        [at(vendorsApi.deleteImage, { id: 7 })]: (call) => {
          const { blob_id } = call.body as { blob_id: string };
          serverVendor = {
            ...serverVendor,
            galleryImageUrls: serverVendor.galleryImageUrls.filter((i) => i.blobId !== blob_id),
          };
          return { body: vendorJson(serverVendor) };
        },
      },
    });
    await ready();
    const card = region('Gallery');
    await user.click(card.getByRole('button', { name: 'Delete image 2' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Image?' })).getByRole('button', {
        name: 'Delete image',
      }),
    );
    expect(await card.findByText('Image deleted.')).toBeInTheDocument();
    expect(card.getByText('5 of 20 images')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: pathOf(vendorsApi.deleteImage, { id: 7 }),
      body: { blob_id: 'blob-2' },
    });
    await waitFor(() => expect(card.getByRole('button', { name: 'Delete image 2' })).toHaveFocus());
  });

  it('asks before deleting (issue 23): a labelled dialog with the image; Cancel or Escape keeps it', async () => {
    const { user, calls } = start({ path: visual });
    await ready();
    const card = region('Gallery');
    const del = card.getByRole('button', { name: 'Delete image 3' });
    expect(del).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(del);
    const dialog = screen.getByRole('dialog', { name: 'Delete Image?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: 'Image 3 of 6' })).toHaveAttribute(
      'src',
      '/uploads/gallery-3-thumb.webp',
    );
    expect(dialog).toHaveTextContent('Image 3 of 6 will be removed from your gallery and your listing.');
    // Cancel has the focus: Enter on the opened dialog deletes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Focus stays inside.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(del).toHaveFocus();
    await user.click(del);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(del).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(card.getAllByRole('button', { name: /^View image/ })).toHaveLength(6);
  });

  it("shows the server's refusal of a delete", async () => {
    const { user } = start({
      path: visual,
      routes: {
        [at(vendorsApi.deleteImage, { id: 7 })]: {
          status: 422,
          body: { errors: [VENDOR_MESSAGES.galleryMinimum] },
        },
      },
    });
    await ready();
    const card = region('Gallery');
    await user.click(card.getByRole('button', { name: 'Delete image 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete image' }));
    expect(await card.findByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.galleryMinimum);
  });

  it('refuses more images than the gallery holds before sending', async () => {
    const { calls } = start({ path: visual, vendor: { galleryImageUrls: gallery(18) } });
    await ready();
    const card = region('Gallery');
    const files = [1, 2, 3].map((n) => new File([new Uint8Array(10)], `${n}.png`, { type: 'image/png' }));
    fireEvent.change(card.getByLabelText('Add Images'), { target: { files } });
    expect(card.getByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.galleryFull);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('turns Add Images off with the reason once the gallery holds 20', async () => {
    start({ path: visual, vendor: { galleryImageUrls: gallery(20) } });
    await ready();
    const add = region('Gallery').getByRole('button', { name: 'Add Images' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(VENDOR_MESSAGES.galleryFull);
  });

  it('says so when the gallery is empty', async () => {
    start({ path: visual, vendor: { galleryImageUrls: [], listingStatus: 'inactive' } });
    await ready();
    expect(region('Gallery').getByText(/No gallery images yet/)).toBeInTheDocument();
  });
});

describe('visual content: banner and logo', () => {
  it('shows the current banner and logo with Replace, or Upload while there is none', async () => {
    start({
      path: '/dashboard/general?tab=visual-content',
      vendor: { logoImageUrl: null, thumbnailImageUrl: '/uploads/banner-thumb.webp' },
    });
    await ready();
    const banner = region('Banner');
    expect(banner.getByRole('img', { name: 'Your current banner' })).toHaveAttribute(
      'src',
      '/uploads/banner-thumb.webp',
    );
    expect(banner.getByRole('button', { name: 'Replace Banner' })).toBeEnabled();
    const logo = region('Logo');
    expect(logo.getByText('No logo yet')).toBeInTheDocument();
    expect(logo.getByRole('button', { name: 'Upload Logo' })).toBeEnabled();
  });
});

describe('the section frame', () => {
  it('replaces the later-release frame', async () => {
    start();
    const heading = await ready();
    expect(heading.closest('section')).not.toHaveTextContent('This section arrives in a later release.');
  });
});

describe('google reviews', () => {
  const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

  it('prefills the place id, keeps Save off until it changed, and saves it with no password', async () => {
    const { user, calls } = start({
      vendor: { googlePlaceId: PLACE },
      routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor },
    });
    await ready();
    const card = region('Google Reviews');
    expect(card.getByText(/do not count towards your rating/)).toBeInTheDocument();
    const field = card.getByLabelText('Google place ID');
    expect(field).toHaveValue(PLACE);
    expect(field).toHaveAccessibleDescription(/Place ID Finder; it starts with ChIJ/);
    expect(card.queryByRole('note')).not.toBeInTheDocument();
    const save = card.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'ChIJabc-123_x');
    await user.click(save);
    expect(await card.findByText('Saved.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      { path: VENDOR_7, body: { vendor: { googlePlaceId: 'ChIJabc-123_x' } } },
    ]);
    expect(field).toHaveValue('ChIJabc-123_x');
    expect(save).toBeDisabled();
  });

  it('clears the place id with an empty field (null)', async () => {
    const { user, calls } = start({
      vendor: { googlePlaceId: PLACE },
      routes: { [at(vendorsApi.update, { id: 7 })]: patchVendor },
    });
    await ready();
    const card = region('Google Reviews');
    await user.clear(card.getByLabelText('Google place ID'));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Saved.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ path: VENDOR_7, body: { vendor: { googlePlaceId: null } } }]);
    expect(card.getByLabelText('Google place ID')).toHaveValue('');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const message = 'Please enter a Google place ID (letters, digits, - and _).';
    const { user } = start({
      routes: { [at(vendorsApi.update, { id: 7 })]: { status: 422, body: { errors: [message] } } },
    });
    await ready();
    const card = region('Google Reviews');
    const field = card.getByLabelText('Google place ID');
    expect(field).toHaveValue('');
    await user.type(field, 'not a place!');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(message)).toBeInTheDocument();
    expect(field).toHaveValue('not a place!');
    expect(card.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('notes when the server does not fetch Google reviews, and still saves the place id', async () => {
    const off = 'Google reviews are off on this server (no Places API key).';
    const { user, calls } = start({
      routes: {
        [at(reviewsApi.googleReviews)]: { body: { enabled: false, message: off } },
        [at(vendorsApi.update, { id: 7 })]: patchVendor,
      },
    });
    await ready();
    const card = region('Google Reviews');
    expect(await card.findByRole('note')).toHaveTextContent(off);
    await user.type(card.getByLabelText('Google place ID'), PLACE);
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Saved.')).toBeInTheDocument();
    expect(patches(calls)).toEqual([{ path: VENDOR_7, body: { vendor: { googlePlaceId: PLACE } } }]);
  });
});
