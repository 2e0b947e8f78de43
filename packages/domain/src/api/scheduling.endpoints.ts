/**
 * The scheduling preferences' endpoint (spec §7). One object (ADR 0031); its schemas are in ./scheduling.
 * The availability a booking reads is a bookings endpoint (bookingsApi.availability).
 */
import { endpoint } from './endpoint';

export const schedulingApi = {
  updatePreferences: endpoint({
    method: 'PATCH',
    path: '/api/vendor_calendars/:id',
    tags: ['scheduling'],
    summary:
      "Change the vendor's scheduling preferences (workday, gap, minimum notice, booking limit); owner only",
    schemas: () =>
      import('./scheduling').then((m) => ({
        body: m.schedulingPreferencesRequestSchema,
        responses: { 200: m.vendorCalendarResponseSchema },
      })),
  }),
};
