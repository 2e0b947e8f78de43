import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { formatPhone } from '@stg/domain/phone';
import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageLoader } from '../../../components/page-loader';
import { VendorCover } from '../../../components/vendor-cover';
import { VendorLogo } from '../../../components/vendor-logo';
import { VendorRating } from '../../../components/vendor-rating';
import { vendorQueryOptions } from '../api/vendor-query';

const DESCRIPTION_FALLBACK = 'This provider has not added a description of their service yet.';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /vendors/{id}: the provider's details (spec §2). An unknown id, or any failure to fetch the vendor, goes
 * to / (spec §8: logged, then redirected). Pricing, scheduling and checkout come with a later release.
 */
export function ProviderPage() {
  const id = parseId(useParams().id);
  const vendor = useQuery({ ...vendorQueryOptions(id ?? 0), enabled: id !== null });

  useEffect(() => {
    if (vendor.isError) console.error('Vendor fetch failed', vendor.error);
  }, [vendor.isError, vendor.error]);

  if (id === null || vendor.isError) return <Navigate to="/" replace />;
  if (vendor.isPending) return <PageLoader label="Loading provider…" />;

  const v = vendor.data;
  const phone = formatPhone(v.phoneNumber);
  const gallery = v.galleryImageUrls ?? [];
  return (
    <article className="provider" aria-labelledby="provider-name">
      <div className="provider__banner">
        <VendorCover url={v.thumbnailImageUrl} className="provider__cover" />
      </div>
      <div className="container provider__layout">
        <div className="provider__header">
          <VendorLogo url={v.logoImageUrl} name={v.name} size="large" />
          <div>
            <p className="provider__category">{CATEGORY_LABELS[v.category] ?? v.category}</p>
            <h1 id="provider-name" className="provider__name">
              {v.name}
            </h1>
            <VendorRating avgRating={v.avgRating} reviewCount={v.reviewCount} />
          </div>
        </div>

        <div className="provider__grid">
          <section className="card provider__about" aria-labelledby="provider-about">
            <h2 id="provider-about">About this service</h2>
            <p className="provider__description">{v.serviceDescription?.trim() || DESCRIPTION_FALLBACK}</p>
            {v.cancelationPolicyHours > 0 ? (
              <p className="provider__policy">
                Appointments can be cancelled or rescheduled up to {v.cancelationPolicyHours}{' '}
                {v.cancelationPolicyHours === 1 ? 'hour' : 'hours'} before the scheduled time.
              </p>
            ) : (
              <p className="provider__policy">
                Appointments can be cancelled or rescheduled until the scheduled time.
              </p>
            )}
          </section>

          <aside className="card provider__contact" aria-labelledby="provider-contact">
            <h2 id="provider-contact">Contact</h2>
            <dl className="details">
              {phone && (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${(v.phoneNumber ?? '').replace(/\D/g, '')}`}>{phone}</a>
                  </dd>
                </div>
              )}
              {v.email && (
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${v.email}`}>{v.email}</a>
                  </dd>
                </div>
              )}
            </dl>
          </aside>
        </div>

        {gallery.length > 0 && (
          <section className="provider__gallery" aria-labelledby="provider-gallery">
            <h2 id="provider-gallery">Gallery</h2>
            <ul className="gallery-grid">
              {gallery.map((image, index) => (
                <li key={image.blobId}>
                  <img
                    src={image.url}
                    alt={`${v.name} work sample ${index + 1}`}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </section>
        )}

        <ComingLaterNote>
          Instant pricing, scheduling and online checkout with this provider arrive in a later release.
        </ComingLaterNote>
      </div>
    </article>
  );
}
