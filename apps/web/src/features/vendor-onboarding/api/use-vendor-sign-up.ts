import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@stg/domain/api/endpoint';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { call } from '../../../lib/api-client';
import type { Session } from '@stg/domain/api/session';
import { useHomeViewChoice } from '../../../lib/session/home-view-provider';
import { SESSION_QUERY_KEY, setSession } from '../../../lib/session/session-query';
import { toVendorSignUpRequest, type VendorSignUpValues } from '../vendor-sign-up-values';

/**
 * POST /api/vendors: creates the vendor (awaiting submission) and its account admin, and signs them in
 * (the server rotates the CSRF token). The answer (user, vendor, addresses) goes into the session at once,
 * so the vendor header and the route guard see the new vendor; the session is then fetched again.
 */
export function useVendorSignUp() {
  const queryClient = useQueryClient();
  const { resetHomeView } = useHomeViewChoice();
  return useMutation({
    mutationFn: (values: VendorSignUpValues) =>
      call(vendorsApi.signUp, {
        // The form keeps the category as text (empty until chosen); the server checks the whole request
        // with the contract again and answers 422 with its messages.
        body: toVendorSignUpRequest(values) as BodyInputOf<typeof vendorsApi.signUp>,
      }),
    onSuccess: (data) => {
      // A new vendor starts in vendor view.
      resetHomeView();
      const previous = queryClient.getQueryData<Session>(SESSION_QUERY_KEY);
      setSession(queryClient, {
        user: data.user,
        vendor: data.vendor,
        addresses: data.addresses,
        orders: [],
        // Anything a guest priced comes along to the account (the server moves it).
        bookings: (previous?.bookings ?? []).map((b) => ({ ...b, userId: data.user.id })),
      });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
