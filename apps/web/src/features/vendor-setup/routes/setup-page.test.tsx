import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import type { GalleryImage, Vendor, VendorCalendar } from '@stg/domain/api/vendors';
import type { Session } from '@stg/domain/api/session';
import { pathOf } from '@stg/domain/api/endpoint';
import { calendarsApi } from '@stg/domain/api/calendars.endpoints';
import { schedulingApi } from '@stg/domain/api/scheduling.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { STORAGE_KEYS } from '../../../lib/browser-storage';
import { makeVendor, vendorUser } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { pricingVendor } from '../../pricing-admin/test-fixtures';

// ---------------------------------------------------------------------------------------------------
// The server, as the tests see it: the vendor it holds, GET /api/session answering it, and uploads
// through a stand-in XMLHttpRequest (uploadVendorImages uses XHR for its progress events).

type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

const image = (n: number): GalleryImage => ({
  blobId: `blob-${n}`,
  url: `/uploads/gallery-${n}.webp`,
  thumbnailUrl: `/uploads/gallery-${n}-thumb.webp`,
});
const gallery = (count: number) => Array.from({ length: count }, (_, i) => image(i + 1));

const calendar = (patch: Partial<VendorCalendar> = {}): VendorCalendar => ({
  id: 3,
  apiIntegrated: false,
  integratedCalendarId: null,
  integrationType: null,
  workdayStartTime: '08:00',
  workdayEndTime: '17:00',
  driveTimeBufferMins: 30,
  bookingWindowStartDays: 2,
  bookingWindowEndDays: 90,
  needsReconnect: false,
  lastSyncedAt: null,
  syncError: null,
  icsUrlHint: null,
  ...patch,
});

/** A vendor in setup with nothing done yet, complete enough for the shared response schema. */
const inSetup = (patch: Partial<Vendor> = {}): Vendor =>
  makeVendor({
    listingStatus: 'awaiting_submission',
    stripeIntegrated: 'inactive',
    logoImageUrl: null,
    thumbnailImageUrl: null,
    bannerImageUrl: null,
    galleryImageUrls: [],
    calendar: calendar(),
    calendarSkipped: false,
    payoutDestination: null,
    reviewNote: null,
    ...patch,
  });

/** Everything done: Submit for Review can go (a description, and pricing as sign-up starts it: ADR 0032). */
const complete = (patch: Partial<Vendor> = {}) =>
  inSetup({
    serviceDescription: 'We clean homes.',
    pricingFormula: '40 + ROOMS * 10',
    pricingInputs: [
      {
        id: 1,
        name: 'Rooms',
        alias: 'ROOMS',
        inputType: 'select',
        recurring: false,
        pricingInputOptions: [{ id: 11, name: '1 room', value: 1, default: false, optionType: null }],
      },
    ],
    logoImageUrl: '/uploads/logo.webp',
    thumbnailImageUrl: '/uploads/banner-thumb.webp',
    bannerImageUrl: '/uploads/banner.webp',
    galleryImageUrls: gallery(4),
    calendarSkipped: true,
    stripeIntegrated: 'active',
    payoutDestination: { bankName: 'STRIPE TEST BANK', last4: '6789' },
    ...patch,
  });

interface Upload {
  method: string;
  url: string;
  headers: Record<string, string>;
  fields: [string, string][];
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: unknown) => void;
}

/** XMLHttpRequest stand-in: each send() is recorded for the test to answer. */
function fakeXhr() {
  const uploads: Upload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      uploads.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        fields: [...form.entries()].map(([name, value]) => [
          name,
          value instanceof File ? value.name : value,
        ]),
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

function start(path: string, vendor: Vendor, routes: Record<string, Handler | Handler[]> = {}) {
  let server = vendor;
  const session = (): Session => ({
    user: vendorUser,
    addresses: [],
    orders: [],
    vendor: server,
    bookings: [],
    guestInputs: {},
  });
  const api = mockApi({
    [at(sessionApi.current)]: () => ({ body: session(), headers: { 'X-CSRF-Token': 'token-1' } }),
    [at(calendarsApi.providers)]: {
      body: {
        providers: [
          { type: 'google', configured: false },
          { type: 'jobber', configured: false },
          { type: 'ics', configured: true },
        ],
      },
    },
    ...routes,
  });
  const uploads = fakeXhr();
  const app = renderApp(path);
  return {
    ...api,
    ...app,
    uploads,
    server: () => server,
    /** The server's vendor changes (and the change is what the next answer carries). */
    change: (patch: Partial<Vendor>) => {
      server = { ...server, ...patch };
      return server;
    },
  };
}

const png = (name: string) => new File([new Uint8Array(200)], name, { type: 'image/png' });
const ready = () => screen.findByRole('heading', { level: 1, name: 'Account Setup' }, LAZY);
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const statusBar = () => within(screen.getByRole('navigation', { name: 'Setup steps' }));
const galleryCount = () => screen.getByText(/of 20/).closest('p')!;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

// ---------------------------------------------------------------------------------------------------

describe('Setup: pages and status bar', () => {
  it('an unknown page goes to logo, replacing the address', async () => {
    const { router } = start('/dashboard/setup?page=bogus', inSetup());
    await ready();
    expect(await stepHeading('Logo and Branding')).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/setup?page=logo'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the account status and the six steps with their marks, each a link to its page', async () => {
    const { user, router } = start(
      '/dashboard/setup?page=images',
      inSetup({
        logoImageUrl: '/uploads/logo.webp',
        thumbnailImageUrl: '/uploads/banner-thumb.webp',
        galleryImageUrls: gallery(4),
      }),
    );
    await ready();
    expect(screen.getByText(/Account Status/)).toHaveTextContent('Account Status: Awaiting Submission');
    const links = statusBar().getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      '✓Step 1: Logo, Complete',
      '✓Step 2: Images, Complete',
      '3Step 3: Calendar, Not complete',
      '4Step 4: Payouts, Not complete',
      // The formula x and no questions (ADR 0032): the readiness rule lists pricing, not scheduling.
      '5Step 5: Pricing, Not complete',
      '✓Step 6: Scheduling, Complete',
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'step');
    await user.click(statusBar().getByRole('link', { name: /Payouts/ }));
    expect(await stepHeading('Payouts')).toHaveFocus();
    expect(locationOf(router)).toBe('/dashboard/setup?page=payouts');
  });

  it('under review always shows next-steps, steps are not links, and the button reads Submitted', async () => {
    const { router } = start('/dashboard/setup?page=logo', complete({ listingStatus: 'under_review' }));
    await ready();
    expect(await stepHeading('Next Steps')).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/setup?page=next-steps'));
    expect(screen.getByText(/Account Status/)).toHaveTextContent('Account Status: Under Review');
    expect(statusBar().queryAllByRole('link')).toHaveLength(0);
    expect(statusBar().getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Back/ })).not.toBeInTheDocument();
    expect(screen.getByText('Your listing is under review.')).toBeInTheDocument();
    // The review's mails go to the account's email, not the business email (issue 23 #14).
    const notice = screen.getByText('Your listing is under review.').closest('.alert')!;
    expect(notice).toHaveTextContent(`We will email ${vendorUser.email} when it is approved`);
    expect(notice).not.toHaveTextContent(complete({ listingStatus: 'under_review' }).email);
  });

  it("shows the operator's reason when the listing was sent back", async () => {
    start('/dashboard/setup?page=logo', inSetup({ reviewNote: 'Please use photos of your own work.' }));
    await ready();
    expect(screen.getByRole('note', { name: 'Changes requested' })).toHaveTextContent(
      'Changes requested: Please use photos of your own work.',
    );
  });

  it('a sent-back item names its field: following it lands in that field, ready to type', async () => {
    const { user } = start(
      '/dashboard/setup?page=logo',
      complete({ reviewFixes: ['description'], reviewNote: null }),
    );
    await ready();
    await user.click(
      within(screen.getByRole('note', { name: 'Changes requested' })).getByRole('link', {
        name: 'Service description',
      }),
    );
    await stepHeading('Next Steps');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Service description' })).toHaveFocus());
  });
});

describe('Setup 1: Logo and Branding', () => {
  it('keeps Continue off until a logo and a banner are set and nothing is uploading', async () => {
    const { user, uploads, change, router } = start(
      '/dashboard/setup?page=logo',
      inSetup({ thumbnailImageUrl: '/uploads/banner-thumb.webp', bannerImageUrl: '/uploads/banner.webp' }),
    );
    await stepHeading('Logo and Branding');
    // Previewed where customers see it: on the provider page and on the catalog's card.
    for (const name of ['Your banner on your page', 'Your banner on your card in the catalog'])
      expect(screen.getByRole('img', { name })).toHaveAttribute('src', '/uploads/banner.webp');
    expect(screen.getByText('No logo yet')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Upload a logo to continue.');

    await user.upload(screen.getByLabelText('Upload logo'), png('logo.png'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      method: 'PATCH',
      url: pathOf(vendorsApi.update, { id: 7 }),
      headers: { 'X-CSRF-Token': 'token-1' },
      fields: [['vendor[logoImageUrl]', 'logo.png']],
    });
    act(() => uploads[0]!.progress(50, 200));
    expect(screen.getByRole('progressbar', { name: 'Upload logo: upload progress' })).toHaveValue(25);
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Wait for the upload to finish.');

    act(() => uploads[0]!.respond(200, change({ logoImageUrl: '/uploads/logo.webp' })));
    expect(await screen.findByRole('img', { name: 'Your logo' })).toHaveAttribute(
      'src',
      '/uploads/logo.webp',
    );
    await waitFor(() => expect(continueButton()).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
    expect(statusBar().getByRole('link', { name: /Logo/ })).toHaveTextContent('Complete');

    await user.click(continueButton());
    expect(locationOf(router)).toBe('/dashboard/setup?page=images');
    expect(await stepHeading('Upload Images')).toHaveFocus();
  });

  it("shows the server's refusal of an upload", async () => {
    const { user, uploads } = start('/dashboard/setup?page=logo', inSetup());
    await stepHeading('Logo and Branding');
    await user.upload(screen.getByLabelText('Upload banner'), png('banner.png'));
    expect(uploads[0]!.fields).toEqual([['vendor[thumbnailImageUrl]', 'banner.png']]);
    act(() => uploads[0]!.respond(422, { errors: ['Image is too large (max 10 MB).'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image is too large (max 10 MB).');
    expect(continueButton()).toBeDisabled();
  });
});

describe('Setup 2: Upload Images', () => {
  it('counts the images, deletes one by its button, adds several at once, and continues at 4', async () => {
    const { user, uploads, calls, change } = start(
      '/dashboard/setup?page=images',
      inSetup({ galleryImageUrls: gallery(3) }),
      {
        [at(vendorsApi.deleteImage, { id: 7 })]: () => ({
          body: change({ galleryImageUrls: [image(1), image(3)] }),
        }),
      },
    );
    await stepHeading('Upload Images');
    expect(galleryCount()).toHaveTextContent('3 of 20 images · add at least 1 more');
    const grid = within(screen.getByRole('list', { name: 'Gallery images' }));
    expect(grid.getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual([
      '/uploads/gallery-1-thumb.webp',
      '/uploads/gallery-2-thumb.webp',
      '/uploads/gallery-3-thumb.webp',
    ]);
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete image 2' }));
    // Issue 23: asked first; Escape keeps the image, and gives the focus back.
    const dialog = screen.getByRole('dialog', { name: 'Delete Image?' });
    expect(within(dialog).getByRole('img', { name: 'Image 2 of 3' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete image 2' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete image 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete image' }));
    await waitFor(() => expect(galleryCount()).toHaveTextContent('2 of 20 images'));
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: pathOf(vendorsApi.deleteImage, { id: 7 }),
      body: { blob_id: 'blob-2' },
    });
    expect(screen.queryByRole('button', { name: 'Delete image 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete image 2' })).toHaveFocus();

    const input = screen.getByLabelText('Add images');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(uploads[0]!.fields).toEqual([
      ['vendor[galleryImages][]', 'a.png'],
      ['vendor[galleryImages][]', 'b.png'],
    ]);
    act(() => uploads[0]!.respond(200, change({ galleryImageUrls: gallery(4) })));
    await waitFor(() => expect(galleryCount()).toHaveTextContent('4 of 20 images'));
    expect(screen.getAllByRole('button', { name: /^Delete image/ })).toHaveLength(4);
    await waitFor(() => expect(continueButton()).toBeEnabled());
  });

  it('sends the images of a choice with a non-image, and names the file refused (issue 23)', async () => {
    const { uploads, change } = start(
      '/dashboard/setup?page=images',
      inSetup({ galleryImageUrls: gallery(3) }),
    );
    await stepHeading('Upload Images');
    const notes = new File(['to do'], 'notes.txt', { type: 'text/plain' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Add images'), {
        target: { files: [png('a.png'), notes, png('b.png')] },
      });
    });
    expect(uploads[0]!.fields).toEqual([
      ['vendor[galleryImages][]', 'a.png'],
      ['vendor[galleryImages][]', 'b.png'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not an image (JPEG, PNG or WebP).');
    act(() => uploads[0]!.respond(200, change({ galleryImageUrls: gallery(5) })));
    await waitFor(() => expect(galleryCount()).toHaveTextContent('5 of 20 images'));
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not an image (JPEG, PNG or WebP).');
  });

  it('refuses more than 20 images in all before sending', async () => {
    const { user, uploads } = start(
      '/dashboard/setup?page=images',
      inSetup({ galleryImageUrls: gallery(18) }),
    );
    await stepHeading('Upload Images');
    await user.upload(screen.getByLabelText('Add images'), [png('a.png'), png('b.png'), png('c.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent(VENDOR_MESSAGES.galleryFull);
    expect(uploads).toHaveLength(0);
  });

  it('shows an empty gallery as such', async () => {
    start('/dashboard/setup?page=images', inSetup());
    await stepHeading('Upload Images');
    expect(screen.getByText('No images yet. Add at least 4 to continue.')).toBeInTheDocument();
    expect(galleryCount()).toHaveTextContent('0 of 20 images · add at least 4 more');
  });
});

describe('Setup 3: Calendar Integration', () => {
  it('Skip stores the flag, tells the server and goes to payouts; the step then counts as done', async () => {
    const { user, calls, router, change } = start('/dashboard/setup?page=calendar', inSetup(), {
      [at(vendorsApi.update, { id: 7 })]: () => ({ body: change({ calendarSkipped: true }) }),
    });
    expect(await stepHeading('Calendar Integration (recommended)')).toBeInTheDocument();
    // The calendar connection of Scheduling Preferences, reused.
    expect(await screen.findByRole('region', { name: 'Calendar' })).toHaveTextContent(
      'No calendar connected',
    );
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Skip' }));
    expect(locationOf(router)).toBe('/dashboard/setup?page=payouts');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.setupCalendarSkipped)).toBe('7');
    await waitFor(() =>
      expect(callsTo(calls, vendorsApi.update, { id: 7 })[0]?.body).toEqual({
        vendor: { calendarSkipped: true },
      }),
    );
    expect(await stepHeading('Payouts')).toBeInTheDocument();
    expect(statusBar().getByRole('link', { name: /Calendar/ })).toHaveTextContent('Complete');
  });

  it("Google's return to /dashboard/scheduling lands on this step and finishes the connection", async () => {
    const { calls, router } = start('/dashboard/scheduling?code=g-1&state=google%3An1', inSetup(), {
      [at(calendarsApi.callback, { provider: 'google' })]: {
        body: calendar({ apiIntegrated: true, integrationType: 'google', integratedCalendarId: 'primary' }),
      },
    });
    expect(await stepHeading('Calendar Integration (recommended)')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, calendarsApi.callback, { provider: 'google' })[0]?.body).toEqual({
        code: 'g-1',
        state: 'google:n1',
      }),
    );
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/setup?page=calendar'));
  });

  it('Continue is on once a calendar is integrated', async () => {
    start(
      '/dashboard/setup?page=calendar',
      inSetup({
        calendar: calendar({ apiIntegrated: true, integrationType: 'ics', icsUrlHint: 'https://…/x.ics' }),
      }),
    );
    await stepHeading('Calendar Integration (recommended)');
    expect(continueButton()).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Skip' })).not.toBeInTheDocument();
  });
});

describe('Setup 4: Payouts', () => {
  it('connects the sandbox bank account, shows Connected, and Continue goes on', async () => {
    const { user, change, router } = start('/dashboard/setup?page=payouts', inSetup(), {
      [at(vendorsApi.createAccountSession)]: {
        body: {
          client_secret: 'acctsess_1_secret_abc',
          provider: 'sandbox',
          publishableKey: null,
          currentlyDue: ['external_account', 'tos_acceptance.date'],
        },
      },
      [at(vendorsApi.sandboxAccountOnboarding)]: () => {
        const payoutDestination = { bankName: 'STRIPE TEST BANK', last4: '6789' };
        change({ stripeIntegrated: 'active', payoutDestination });
        return { body: { stripeIntegrated: 'active', payoutDestination } };
      },
    });
    await stepHeading('Payouts');
    expect(screen.getByRole('heading', { level: 3, name: 'Connect your bank' })).toBeInTheDocument();
    expect(screen.getByText('Not Connected')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Connect your bank' }));
    const form = within(await screen.findByRole('form', { name: 'Bank account for payouts' }));
    expect(form.getByText('Test mode')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(form.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.click(form.getByRole('checkbox', { name: 'I accept the services agreement' }));
    await user.click(form.getByRole('button', { name: 'Connect bank account' }));

    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getAllByText(/STRIPE TEST BANK account ending in 6789/).length).toBeGreaterThan(0);
    await waitFor(() => expect(continueButton()).toBeEnabled());
    expect(statusBar().getByRole('link', { name: /Payouts/ })).toHaveTextContent('Complete');
    await user.click(continueButton());
    expect(locationOf(router)).toBe('/dashboard/setup?page=pricing');
  });
});

describe('Setup 7: Next Steps', () => {
  it('keeps Submit for Review off while a step is missing, and says what is missing', async () => {
    start(
      '/dashboard/setup?page=next-steps',
      complete({ galleryImageUrls: gallery(2), stripeIntegrated: 'inactive' }),
    );
    await stepHeading('Next Steps');
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      `Before you can submit: ${VENDOR_MESSAGES.galleryRequired} ${VENDOR_MESSAGES.payoutsRequired}`,
    );
    expect(screen.getByRole('link', { name: VENDOR_MESSAGES.galleryRequired })).toHaveAttribute(
      'href',
      '/dashboard/setup?page=images',
    );
    expect(screen.getByText('Application completeness')).toBeInTheDocument();
    expect(screen.getByText('Business legitimacy')).toBeInTheDocument();
    expect(screen.getByText('Appropriate images')).toBeInTheDocument();
    expect(screen.getByText(/certificate of insurance/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
  });

  it('asks for the service description here, and submits once it is saved (issue 25)', async () => {
    const { user, change, calls } = start(
      '/dashboard/setup?page=next-steps',
      complete({ serviceDescription: null }),
      {
        [at(vendorsApi.update, { id: 7 })]: (c) => ({
          body: change({
            serviceDescription: (c.body as { vendor: { serviceDescription: string } }).vendor
              .serviceDescription,
          }),
        }),
      },
    );
    await stepHeading('Next Steps');
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: VENDOR_MESSAGES.descriptionRequired })).toHaveAttribute(
      'href',
      '#setup-description',
    );
    const save = screen.getByRole('button', { name: 'Save description' });
    // Nothing to save yet: off, but focusable (aria-disabled), and a press sends nothing.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(save);
    expect(callsTo(calls, vendorsApi.update, { id: 7 })).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Service description' }), 'Spotless homes.');
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Saved: off again, and focus stays on it rather than falling to the page.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeEnabled());
  });

  it('Submit for Review saves a description and instructions typed but not saved, then submits', async () => {
    const { user, change, calls } = start(
      '/dashboard/setup?page=next-steps',
      complete({ serviceDescription: null }),
      {
        [at(vendorsApi.update, { id: 7 })]: (c) => ({
          body: change((c.body as { vendor: Partial<Vendor> }).vendor),
        }),
        [at(vendorsApi.submitForReview, { id: 7 })]: () => ({
          body: change({ listingStatus: 'under_review' }),
        }),
      },
    );
    await stepHeading('Next Steps');
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Service description' }), 'Spotless homes.');
    await user.type(screen.getByRole('textbox', { name: 'Appointment instructions' }), 'Park on the street.');
    // Typed is enough: the button saves it first.
    expect(screen.queryByRole('link', { name: VENDOR_MESSAGES.descriptionRequired })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(callsTo(calls, vendorsApi.update, { id: 7 }).map((c) => c.body)).toEqual([
      { vendor: { serviceDescription: 'Spotless homes.' } },
      { vendor: { appointmentInstructions: 'Park on the street.' } },
    ]);
    expect(callsTo(calls, vendorsApi.submitForReview, { id: 7 })).toHaveLength(1);
    expect(change({}).serviceDescription).toBe('Spotless homes.');
  });

  it('shows "Error submitting for review" with what the server says is missing', async () => {
    const { user } = start('/dashboard/setup?page=next-steps', complete(), {
      [at(vendorsApi.submitForReview, { id: 7 })]: {
        status: 422,
        body: { errors: [VENDOR_MESSAGES.payoutsRequired] },
      },
    });
    await stepHeading('Next Steps');
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error submitting for review');
    expect(alert).toHaveTextContent(VENDOR_MESSAGES.payoutsRequired);
    expect(submit).toBeEnabled();
  });

  it('submits, and the listing is then under review with the button reading Submitted', async () => {
    const { user, calls, change } = start('/dashboard/setup?page=next-steps', complete(), {
      [at(vendorsApi.submitForReview, { id: 7 })]: () => ({
        body: change({ listingStatus: 'under_review' }),
      }),
    });
    await stepHeading('Next Steps');
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(screen.getByText(/Account Status/)).toHaveTextContent('Account Status: Under Review');
    expect(screen.getByText('Your listing is under review.').closest('.alert')).toHaveFocus();
    expect(statusBar().queryAllByRole('link')).toHaveLength(0);
    expect(callsTo(calls, vendorsApi.submitForReview, { id: 7 })).toHaveLength(1);
  });

  it('a Skip remembered only in this tab is sent to the server before submitting', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.setupCalendarSkipped, '7');
    const { user, calls, change } = start(
      '/dashboard/setup?page=next-steps',
      complete({ calendarSkipped: false }),
      {
        [at(vendorsApi.update, { id: 7 })]: () => ({ body: change({ calendarSkipped: true }) }),
        [at(vendorsApi.submitForReview, { id: 7 })]: () => ({
          body: change({ listingStatus: 'under_review' }),
        }),
      },
    );
    await stepHeading('Next Steps');
    expect(statusBar().getByRole('link', { name: /Calendar/ })).toHaveTextContent('Complete');
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('button', { name: 'Submitted' })).toBeDisabled();
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual([at(vendorsApi.update, { id: 7 }), at(vendorsApi.submitForReview, { id: 7 })]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Issue 25 §1, ADR 0032: Pricing and Scheduling in Setup, and Next Steps' links to them.

const sample = () => screen.getByText(/^A typical customer would pay/);
const options = () => within(screen.getByRole('region', { name: 'Options' }));

describe('Setup 5: Pricing', () => {
  it("starts from the vendor's pricing, with the sample quote the review card shows, and continues", async () => {
    const { user, router } = start('/dashboard/setup?page=pricing', complete(pricingVendor()));
    await stepHeading('Pricing');
    // Pricing Preferences' own editor: the calculator, the options and the questions.
    expect(screen.getByRole('region', { name: 'Calculator' })).toBeInTheDocument();
    expect(options().getByRole('spinbutton', { name: 'Min Price' })).toHaveValue(35);
    expect(screen.getByRole('region', { name: 'Questions' })).toBeInTheDocument();
    // 40 + 25 × 2 bedrooms + 15 × 1 bathroom (its first choice) + 0.02 × 1500 = $135; 231 min at $35 an hour.
    expect(sample()).toHaveTextContent('A typical customer would pay $135.00, 3.9 hrs.');
    expect(screen.getByText(/^For Bedrooms/)).toHaveTextContent(
      'For Bedrooms: 2 bedrooms; Bathrooms: 1 bathroom; Square feet: 1500.',
    );
    expect(statusBar().getByRole('link', { name: /Pricing/ })).toHaveTextContent('Complete');
    expect(screen.queryByRole('note', { name: 'Still to do' })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(locationOf(router)).toBe('/dashboard/setup?page=scheduling');
  });

  it("shows the Service plans card with the vendor's offers at the sample price", async () => {
    start(
      '/dashboard/setup?page=pricing',
      complete(pricingVendor({ planOffers: [{ frequency: 'every_2_weeks', discountPercent: 10 }] })),
    );
    await stepHeading('Pricing');
    const plans = within(screen.getByRole('region', { name: 'Service plans' }));
    expect(plans.getByRole('checkbox', { name: 'Every 2 weeks' })).toBeChecked();
    expect(plans.getByRole('checkbox', { name: 'Weekly' })).not.toBeChecked();
    // $135.00 less 10 %.
    expect(plans.getByText('$121.50 a visit, save 10%')).toBeInTheDocument();
  });

  it('updates the sample quote as the min price is edited, and saves it', async () => {
    const { user, calls, change } = start('/dashboard/setup?page=pricing', complete(pricingVendor()), {
      [at(vendorsApi.update, { id: 7 })]: (c) => ({
        body: change({ minPrice: (c.body as { vendor: { minPrice: number } }).vendor.minPrice }),
      }),
    });
    await stepHeading('Pricing');
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    await user.clear(minPrice);
    await user.type(minPrice, '210');
    // Never below the minimum: $210 is 360 minutes at $35 an hour.
    expect(sample()).toHaveTextContent('A typical customer would pay $210.00, 6.0 hrs.');
    await user.click(options().getByRole('button', { name: 'Save' }));
    expect(await options().findByText('Saved')).toBeInTheDocument();
    expect(callsTo(calls, vendorsApi.update, { id: 7 }).map((c) => c.body)).toEqual([
      { vendor: { minPrice: 210 } },
    ]);
    expect(sample()).toHaveTextContent('$210.00');
  });

  it('checks the formula as the Pricing page does, and prices the applied draft', async () => {
    const { user } = start('/dashboard/setup?page=pricing', complete(pricingVendor()));
    await stepHeading('Pricing');
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const modal = within(screen.getByRole('dialog', { name: 'Pricing Formula' }));
    const field = modal.getByRole('textbox', { name: 'Formula' });
    await user.clear(field);
    await user.type(field, '40 + * BEDROOMS');
    expect(modal.getByText(/Unexpected "\*" at position 5/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(modal.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '100 + 50 * BEDROOMS');
    await user.click(modal.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // 100 + 50 × 2 = $200, not saved yet.
    expect(sample()).toHaveTextContent('A typical customer would pay $200.00');
    expect(options().getByText('Formula (not saved yet)')).toBeInTheDocument();
  });

  it('keeps Continue off while an edit is not saved, so moving on does not drop it', async () => {
    const { user, change } = start('/dashboard/setup?page=pricing', complete(pricingVendor()), {
      [at(vendorsApi.update, { id: 7 })]: (c) => ({
        body: change({ minPrice: (c.body as { vendor: { minPrice: number } }).vendor.minPrice }),
      }),
    });
    await stepHeading('Pricing');
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    await user.clear(minPrice);
    await user.type(minPrice, '60');
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Save your changes to continue.');
    await user.click(options().getByRole('button', { name: 'Save' }));
    expect(await options().findByText('Saved')).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    // A question edited and not saved keeps it off too, until the edit is undone.
    const name = screen.getAllByRole('textbox', { name: 'Name' })[0]!;
    const original = (name as HTMLInputElement).value;
    await user.type(name, 's');
    expect(continueButton()).toBeDisabled();
    await user.clear(name);
    await user.type(name, original);
    expect(continueButton()).toBeEnabled();
  });

  it('says what is missing and keeps Continue off for the formula x with no questions', async () => {
    start('/dashboard/setup?page=pricing', complete({ pricingFormula: 'x', pricingInputs: [] }));
    await stepHeading('Pricing');
    expect(screen.getByRole('note', { name: 'Still to do' })).toHaveTextContent(
      VENDOR_MESSAGES.pricingQuestionRequired,
    );
    // What every customer would pay: the $35.00 minimum, as the operator's review card says.
    expect(sample()).toHaveTextContent('A typical customer would pay $35.00, 1.0 hr.');
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Fix your pricing to continue.');
    expect(statusBar().getByRole('link', { name: /Pricing/ })).toHaveTextContent('Not complete');
  });
});

describe('Setup 6: Scheduling', () => {
  it("shows the vendor's rules in Scheduling Preferences' form (without the instructions) and saves a change", async () => {
    const { user, calls, change, router } = start('/dashboard/setup?page=scheduling', complete(), {
      [at(schedulingApi.updatePreferences, { id: 3 })]: (c) => {
        const body = c.body as { vendorCalendar: Partial<VendorCalendar> };
        const saved = change({ calendar: calendar(body.vendorCalendar) });
        return { body: saved.calendar! };
      },
    });
    await stepHeading('Scheduling Rules');
    expect(screen.getByRole('combobox', { name: 'Workday start' })).toHaveValue('08:00');
    expect(screen.getByRole('combobox', { name: 'Workday end' })).toHaveValue('17:00');
    expect(screen.getByRole('combobox', { name: 'Gap between appointments' })).toHaveValue('30');
    expect(screen.getByRole('combobox', { name: 'Minimum notice' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Booking limit' })).toHaveValue('90');
    expect(screen.getByRole('combobox', { name: 'Cancellation policy' })).toHaveValue('24');
    expect(screen.queryByRole('textbox', { name: 'Appointment instructions' })).not.toBeInTheDocument();
    expect(statusBar().getByRole('link', { name: /Scheduling/ })).toHaveTextContent('Complete');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Gap between appointments' }), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(callsTo(calls, schedulingApi.updatePreferences, { id: 3 }).map((c) => c.body)).toEqual([
      { vendorCalendar: { driveTimeBufferMins: 45 } },
    ]);
    expect(callsTo(calls, vendorsApi.update, { id: 7 })).toHaveLength(0);
    await user.click(continueButton());
    expect(locationOf(router)).toBe('/dashboard/setup?page=next-steps');
  });

  it('keeps Continue off while a change is not saved, so moving on does not drop it', async () => {
    const { user, change } = start('/dashboard/setup?page=scheduling', complete(), {
      [at(schedulingApi.updatePreferences, { id: 3 })]: (c) => {
        const body = c.body as { vendorCalendar: Partial<VendorCalendar> };
        return { body: change({ calendar: calendar(body.vendorCalendar) }).calendar! };
      },
    });
    await stepHeading('Scheduling Rules');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gap between appointments' }), '45');
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('Save your changes to continue.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('refuses a workday that ends before it starts, as the Scheduling page does', async () => {
    const { user, calls } = start('/dashboard/setup?page=scheduling', complete());
    await stepHeading('Scheduling Rules');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Workday end' }), '07:00');
    expect(screen.getByRole('combobox', { name: 'Workday end' })).toHaveAccessibleDescription(
      expect.stringMatching(/before/i),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(callsTo(calls, schedulingApi.updatePreferences, { id: 3 })).toHaveLength(0);
  });

  it('says what is missing and keeps Continue off while a rule is out of its limits', async () => {
    start('/dashboard/setup?page=scheduling', complete({ cancelationPolicyHours: 500 }));
    await stepHeading('Scheduling Rules');
    expect(screen.getByRole('note', { name: 'Still to do' })).toHaveTextContent(
      VENDOR_MESSAGES.schedulingRequired,
    );
    expect(continueButton()).toBeDisabled();
    expect(statusBar().getByRole('link', { name: /Scheduling/ })).toHaveTextContent('Not complete');
  });
});

describe('Setup 7: Next Steps, what is missing and the appointment instructions', () => {
  it('links each missing item to the step that fixes it', async () => {
    const { user, router } = start(
      '/dashboard/setup?page=next-steps',
      complete({ pricingFormula: 'x', pricingInputs: [], cancelationPolicyHours: 500, logoImageUrl: null }),
    );
    await stepHeading('Next Steps');
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link(VENDOR_MESSAGES.logoRequired)).toHaveAttribute('href', '/dashboard/setup?page=logo');
    expect(link(VENDOR_MESSAGES.pricingQuestionRequired)).toHaveAttribute(
      'href',
      '/dashboard/setup?page=pricing',
    );
    expect(link(VENDOR_MESSAGES.schedulingRequired)).toHaveAttribute(
      'href',
      '/dashboard/setup?page=scheduling',
    );
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
    await user.click(link(VENDOR_MESSAGES.pricingQuestionRequired));
    expect(await stepHeading('Pricing')).toHaveFocus();
    expect(locationOf(router)).toBe('/dashboard/setup?page=pricing');
  });

  it('links a formula that ignores the questions to Pricing', async () => {
    start('/dashboard/setup?page=next-steps', complete({ pricingFormula: '40' }));
    await stepHeading('Next Steps');
    expect(screen.getByRole('link', { name: VENDOR_MESSAGES.pricingFormulaUnused })).toHaveAttribute(
      'href',
      '/dashboard/setup?page=pricing',
    );
  });

  it('saves the appointment instructions beside the description', async () => {
    const { user, calls, change } = start('/dashboard/setup?page=next-steps', complete(), {
      [at(vendorsApi.update, { id: 7 })]: (c) => ({
        body: change({
          appointmentInstructions: (c.body as { vendor: { appointmentInstructions: string } }).vendor
            .appointmentInstructions,
        }),
      }),
    });
    await stepHeading('Next Steps');
    const field = screen.getByRole('textbox', { name: 'Appointment instructions' });
    expect(field).toHaveValue('');
    await user.type(field, 'Park on the street, please.');
    await user.click(screen.getByRole('button', { name: 'Save instructions' }));
    const card = within(screen.getByRole('heading', { name: 'Appointment Instructions' }).closest('.card')!);
    expect(await card.findByText('Saved')).toBeInTheDocument();
    expect(callsTo(calls, vendorsApi.update, { id: 7 }).map((c) => c.body)).toEqual([
      { vendor: { appointmentInstructions: 'Park on the street, please.' } },
    ]);
  });
});
