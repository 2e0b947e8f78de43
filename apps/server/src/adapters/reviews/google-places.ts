/**
 * Google reviews through the Places API (New): `GET {base}/v1/places/{placeId}` with the API key in
 * `X-Goog-Api-Key` and `X-Goog-FieldMask: reviews` (Google answers at most five reviews, its "most
 * relevant"). The base URL is configurable so tests talk to a local fake (ARCHITECTURE §4).
 */
import { z } from 'zod';

export interface PlaceReview {
  /** Google's resource name `places/{placeId}/reviews/{reviewId}`. */
  name: string;
  score: number;
  body: string | null;
  authorName: string;
  authorImage: string | null;
  /** Where the review is read on Google. */
  url: string | null;
  publishedAt: Date;
}

export interface PlacesReviewsSource {
  placeReviews(placeId: string): Promise<PlaceReview[]>;
}

export class PlacesApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PlacesApiError';
  }
}

const localizedText = z.object({ text: z.string().optional() }).partial().nullish();
const placeReviewSchema = z.object({
  name: z.string(),
  rating: z.number().nullish(),
  text: localizedText,
  originalText: localizedText,
  authorAttribution: z
    .object({ displayName: z.string().nullish(), uri: z.string().nullish(), photoUri: z.string().nullish() })
    .nullish(),
  publishTime: z.string().nullish(),
  googleMapsUri: z.string().nullish(),
});
const placeSchema = z.object({ reviews: z.array(z.unknown()).nullish() });

/** Place ids are opaque letters, digits, `-` and `_` (e.g. ChIJN1t_tDeuEmsRUsoyG83frY4). */
export const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{10,255}$/;

const httpsOrNull = (v: string | null | undefined) => (v && /^https?:\/\//.test(v) ? v : null);

export class GooglePlacesReviews implements PlacesReviewsSource {
  constructor(
    private readonly opts: { apiKey: string; baseUrl: string; timeoutMs?: number; fetch?: typeof fetch },
  ) {}

  async placeReviews(placeId: string): Promise<PlaceReview[]> {
    if (!PLACE_ID_PATTERN.test(placeId)) throw new PlacesApiError('Not a Google place id', null);
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/v1/places/${encodeURIComponent(placeId)}`;
    const res = await (this.opts.fetch ?? fetch)(url, {
      headers: {
        'X-Goog-Api-Key': this.opts.apiKey,
        'X-Goog-FieldMask': 'reviews',
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new PlacesApiError(`Places API answered ${res.status}`, res.status);
    const place = placeSchema.parse(await res.json());
    const out: PlaceReview[] = [];
    for (const raw of place.reviews ?? []) {
      const r = placeReviewSchema.safeParse(raw);
      if (!r.success) continue;
      const score = Math.round(r.data.rating ?? 0);
      if (score < 1 || score > 5) continue;
      const body = (r.data.originalText?.text ?? r.data.text?.text ?? '').trim().slice(0, 5000) || null;
      const published = r.data.publishTime ? new Date(r.data.publishTime) : null;
      out.push({
        name: r.data.name,
        score,
        body,
        authorName: (r.data.authorAttribution?.displayName ?? '').trim().slice(0, 100) || 'A Google user',
        authorImage: httpsOrNull(r.data.authorAttribution?.photoUri),
        url: httpsOrNull(r.data.googleMapsUri) ?? httpsOrNull(r.data.authorAttribution?.uri),
        publishedAt: published && !Number.isNaN(published.getTime()) ? published : new Date(0),
      });
    }
    return out;
  }
}
