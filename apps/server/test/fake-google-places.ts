/**
 * A local HTTP server speaking the part of the Places API (New) the reviews adapter uses:
 * `GET /v1/places/{placeId}` with `X-Goog-Api-Key` and `X-Goog-FieldMask`, answering the place's
 * `reviews` in Google's shape, and Google's JSON errors (403 without a valid key, 400 without a field
 * mask, 404 for an unknown place). Tests set places' reviews and read the request log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePlaceReview {
  name: string;
  rating: number;
  text?: { text: string; languageCode: string };
  originalText?: { text: string; languageCode: string };
  authorAttribution?: { displayName: string; uri: string; photoUri: string };
  publishTime: string;
  relativePublishTimeDescription?: string;
  googleMapsUri?: string;
}

export interface FakeGooglePlaces {
  baseUrl: string;
  apiKey: string;
  places: Map<string, FakePlaceReview[]>;
  requests: { path: string; apiKey: string | null; fieldMask: string | null }[];
  /** Answer the next requests with this status (a Google outage). */
  failWith: number | null;
  close(): Promise<void>;
}

/** A review as Google writes it, for place `placeId`. */
export function googleReview(
  placeId: string,
  id: string,
  over: Partial<FakePlaceReview> & { text?: FakePlaceReview['text'] } = {},
): FakePlaceReview {
  const text = { text: `Review ${id}: great service all round.`, languageCode: 'en' };
  return {
    name: `places/${placeId}/reviews/${id}`,
    rating: 5,
    text,
    originalText: text,
    authorAttribution: {
      displayName: `Author ${id}`,
      uri: `https://www.google.com/maps/contrib/${id}/reviews`,
      photoUri: `https://lh3.googleusercontent.com/a/${id}=s128-c0x00000000-cc-rp-mo`,
    },
    publishTime: '2026-10-01T12:00:00.123456Z',
    relativePublishTimeDescription: 'a month ago',
    googleMapsUri: `https://www.google.com/maps/reviews/data=${id}`,
    ...over,
  };
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startFakeGooglePlaces(
  apiKey = 'AIzaFakeKeyForTests_0123456789',
): Promise<FakeGooglePlaces> {
  const fake = {
    apiKey,
    places: new Map<string, FakePlaceReview[]>(),
    requests: [] as FakeGooglePlaces['requests'],
    failWith: null as number | null,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = (req.headers['x-goog-api-key'] as string | undefined) ?? null;
    const fieldMask = (req.headers['x-goog-fieldmask'] as string | undefined) ?? null;
    fake.requests.push({ path: url.pathname, apiKey: key, fieldMask });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) return send(404, googleError(404, 'NOT_FOUND', 'Not found'));
    if (fake.failWith)
      return send(fake.failWith, googleError(fake.failWith, 'UNAVAILABLE', 'Try again later'));
    if (key !== fake.apiKey)
      return send(
        403,
        googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.'),
      );
    if (!fieldMask)
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.'));
    const placeId = decodeURIComponent(match[1]!);
    const reviews = fake.places.get(placeId);
    if (!reviews) return send(404, googleError(404, 'NOT_FOUND', `Place '${placeId}' not found.`));
    const fields = fieldMask.split(',').map((f) => f.trim());
    const body: Record<string, unknown> = {};
    // Google leaves out a field with no value (a place without reviews has no `reviews`).
    if ((fields.includes('reviews') || fields.includes('*')) && reviews.length > 0) body.reviews = reviews;
    return send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
