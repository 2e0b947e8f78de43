import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { BANNER_COVER_SIZES } from '@stg/domain/cover-images';
import { formatPhone } from '@stg/domain/phone';
import { cancellationPolicyText } from '@stg/domain/policy';
import { PageLoader } from '../../../components/page-loader';
import { VendorCover } from '../../../components/vendor-cover';
import { VendorLogo } from '../../../components/vendor-logo';
import { VendorRating } from '../../../components/vendor-rating';
import type { Vendor } from '@stg/domain/api/vendors';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { vendorQueryOptions } from '../../../lib/vendors/vendor-query';
import { BookingSection } from '../components/booking-section';
import { Gallery } from '../components/gallery';
import { ReviewsSection } from '../components/reviews-section';

export const DESCRIPTION_FALLBACK = "This provider hasn't added a description yet.";

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const categoryLabel = (v: Pick<Vendor, 'category'>) => CATEGORY_LABELS[v.category] ?? v.category;

/** "Sparkle Cleaning · House Cleaning in St George, UT | Servo" */
export function providerTitle(v: Pick<Vendor, 'name' | 'category'>): string {
  return `${v.name} · ${categoryLabel(v)} in St George, UT | Servo`;
}

/** The meta description: the service description, or a plain sentence when there is none. */
export function providerDescription(v: Pick<Vendor, 'name' | 'category' | 'serviceDescription'>): string {
  const text = v.serviceDescription?.replace(/\s+/g, ' ').trim();
  if (!text)
    return `${v.name} offers ${categoryLabel(v).toLowerCase()} in St George, UT. Book online with Servo.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * /vendors/{id} (spec §2): the provider's details, policy, gallery, reviews and the booking panels. An
 * unknown id, or any failure to fetch the vendor, goes to / (spec §8: logged, then redirected).
 */
export function ProviderPage() {
  const id = parseId(useParams().id);
  const vendor = useQuery({ ...vendorQueryOptions(id ?? 0), enabled: id !== null });

  useEffect(() => {
    if (vendor.isError) console.error('Vendor fetch failed', vendor.error);
  }, [vendor.isError, vendor.error]);

  const v = vendor.data;
  useDocumentMeta(v ? providerTitle(v) : null, v ? providerDescription(v) : null);

  if (id === null || vendor.isError) return <Navigate to="/" replace />;
  if (!v) return <ProviderSkeleton />;
  return <ProviderDetails vendor={v} />;
}

/**
 * The page's frame while the vendor loads: the banner's box and the header's, the sizes they will have,
 * so the page does not jump when the vendor arrives.
 */
function ProviderSkeleton() {
  return (
    <div className="provider provider--loading">
      <div className="provider__banner">
        <span className="vendor-cover provider__cover skeleton" aria-hidden="true" />
      </div>
      <div className="container provider__layout">
        <div className="provider__header" aria-hidden="true">
          <span className="vendor-logo vendor-logo--large skeleton" />
          <div className="provider__heading provider__heading--skeleton">
            <span className="skeleton skeleton--line skeleton--short" />
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
        <PageLoader label="Loading provider…" />
      </div>
    </div>
  );
}

function ProviderDetails({ vendor: v }: { vendor: Vendor }) {
  const phone = formatPhone(v.phoneNumber);
  const phoneDigits = (v.phoneNumber ?? '').replace(/\D/g, '');
  return (
    <article className="provider" aria-labelledby="provider-name">
      <div className="provider__banner">
        {/* The page's largest picture, above the fold: fetched at once with high priority. */}
        <VendorCover
          url={v.thumbnailImageUrl ?? v.bannerImageUrl ?? null}
          fullUrl={v.bannerImageUrl}
          sizes={BANNER_COVER_SIZES}
          priority
          className="provider__cover"
        />
      </div>
      <div className="container provider__layout">
        <header className="provider__header">
          <VendorLogo url={v.logoImageUrl} name={v.name} size="large" eager />
          <div className="provider__heading">
            <p className="provider__category">{categoryLabel(v)}</p>
            <h1 id="provider-name" className="provider__name">
              {v.name}
            </h1>
            <VendorRating avgRating={v.avgRating} reviewCount={v.reviewCount} />
          </div>
        </header>

        <div className="provider__grid">
          <div className="provider__main">
            <section className="card provider__about" aria-labelledby="provider-about">
              <h2 id="provider-about">About this service</h2>
              <p className="provider__description">{v.serviceDescription?.trim() || DESCRIPTION_FALLBACK}</p>
              <h3 className="provider__policy-title">Cancellation and reschedule policy</h3>
              <p className="provider__policy">{cancellationPolicyText(v.cancelationPolicyHours)}</p>
            </section>
            {/* In the wide column, so the pricing questions and the figures sit side by side on a desktop. */}
            <BookingSection vendor={v} />
          </div>

          <div className="provider__side">
            <section className="card provider__contact" aria-labelledby="provider-contact">
              <h2 id="provider-contact">Contact</h2>
              <dl className="details">
                {phone && (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={`tel:${phoneDigits}`}>{phone}</a>
                    </dd>
                  </div>
                )}
                {v.email && (
                  <div>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${v.email}`} className="provider__email">
                        {v.email}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            </section>
          </div>

          <div className="provider__more">
            <Gallery vendorName={v.name} images={v.galleryImageUrls ?? []} />
            <ReviewsSection vendorId={v.id} vendorName={v.name} reviews={v.reviews ?? []} />
          </div>
        </div>
      </div>
    </article>
  );
}
