/**
 * The vendor's own calls (contract: @stg/domain/api/vendors): business details, listing status, images,
 * payouts onboarding and Submit for Review. Each answer is parsed with the shared schema, put into the
 * session cache at once (the header, tabs and setup read the session's vendor), and the session is then
 * refetched.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountSessionResponse, SandboxOnboardingRequest, VendorJson } from '@stg/domain/api/vendors';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import type { ListingStatus } from '@stg/domain/constants';
import {
  ApiError,
  call,
  CSRF_HEADER,
  getCsrfToken,
  normalizeErrors,
  refreshCsrfToken,
  UNEXPECTED_ERROR,
  urlOf,
} from './api-client';
import { SESSION_QUERY_KEY, updateSession } from './session/session-query';

/** Puts the vendor the server just answered into the session cache, then refetches GET /api/session. */
export async function applyOwnVendor(queryClient: QueryClient, vendor: VendorJson): Promise<void> {
  updateSession(queryClient, (session) =>
    session.vendor && session.vendor.id === vendor.id
      ? { ...session, vendor: { ...session.vendor, ...vendor } }
      : session,
  );
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** Refetches the session (and so the vendor): after payouts onboarding, the spec's 3.5 s refresh. */
export function refreshOwnVendor(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

export interface VendorChanges {
  name?: string;
  phoneNumber?: string;
  email?: string;
  serviceDescription?: string | null;
  /** Shown to the customer with each booking; null clears them. */
  appointmentInstructions?: string | null;
  listingStatus?: ListingStatus;
  calendarSkipped?: boolean;
  /** The business's Google place; null clears it. */
  googlePlaceId?: string | null;
}

/**
 * PATCH /api/vendors/{id} (JSON) with only the changed fields; `password` when the change needs it (the
 * business name, phone or email, and Deactivate: see vendorPatchNeedsPassword).
 */
export function useUpdateVendor(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, password }: { changes: VendorChanges; password?: string }) =>
      call(vendorsApi.update, {
        params: { id: vendorId },
        body: { vendor: changes, ...(password !== undefined ? { password } : {}) },
      }),
    onSuccess: (vendor) => applyOwnVendor(queryClient, vendor),
  });
}

/** The multipart field of each image slot (spec §7). */
export const IMAGE_FIELDS = {
  logo: 'vendor[logoImageUrl]',
  banner: 'vendor[thumbnailImageUrl]',
  gallery: 'vendor[galleryImages][]',
} as const;
export type ImageSlot = keyof typeof IMAGE_FIELDS;

/**
 * Multipart PATCH /api/vendors/{id} with XMLHttpRequest, for upload progress (fetch has none). Sends
 * the CSRF header like every other call and retries once on "Invalid Authenticity Token".
 */
export async function uploadVendorImages(
  vendorId: number,
  slot: ImageSlot,
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<VendorJson> {
  const form = new FormData();
  for (const file of files) form.append(IMAGE_FIELDS[slot], file, file.name);
  if (getCsrfToken() === null) await refreshCsrfToken().catch(() => undefined);
  const send = () =>
    new Promise<unknown>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(vendorsApi.update.method, urlOf(vendorsApi.update, { params: { id: vendorId } }));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getCsrfToken();
      if (token) xhr.setRequestHeader(CSRF_HEADER, token);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new ApiError(0, [UNEXPECTED_ERROR]));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(body);
        else reject(new ApiError(xhr.status, normalizeErrors(xhr.status, body), body));
      };
      xhr.send(form);
    });
  let body: unknown;
  try {
    body = await send();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.errors.includes('Invalid Authenticity Token')) throw error;
    await refreshCsrfToken();
    body = await send();
  }
  return (await vendorsApi.update.schemas()).responses[200].parse(body);
}

export function useUploadVendorImages(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      slot,
      files,
      onProgress,
    }: {
      slot: ImageSlot;
      files: File[];
      onProgress?: (fraction: number) => void;
    }) => uploadVendorImages(vendorId, slot, files, onProgress),
    onSuccess: (vendor) => applyOwnVendor(queryClient, vendor),
  });
}

/** DELETE /api/vendors/{id}/images {blob_id}. */
export function useDeleteVendorImage(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blobId: string) =>
      call(vendorsApi.deleteImage, { params: { id: vendorId }, body: { blob_id: blobId } }),
    onSuccess: (vendor) => applyOwnVendor(queryClient, vendor),
  });
}

/** POST /api/vendors/{id}/submit-for-review: the updated vendor (under_review). */
export function useSubmitForReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(vendorsApi.submitForReview, { params: { id: vendorId } }),
    onSuccess: (vendor) => applyOwnVendor(queryClient, vendor),
  });
}

/** POST /api/vendors/create_account_session {id}: the client secret for the embedded components. */
export async function createAccountSession(vendorId: number): Promise<AccountSessionResponse> {
  return call(vendorsApi.createAccountSession, { body: { id: vendorId } });
}

/** The sandbox's onboarding form (sandbox mode only). */
export async function submitSandboxOnboarding(request: SandboxOnboardingRequest) {
  return call(vendorsApi.sandboxAccountOnboarding, { body: request });
}
