import { useState } from 'react';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUploadVendorImages, type ImageSlot } from '../../../lib/vendor-api';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepFooter } from './step-footer';

const FORMATS = 'JPEG, PNG or WebP, up to 10 MB.';

/**
 * Setup step 1, Logo and Branding (spec §2): upload a logo and a banner, each previewed and replaceable.
 * Continue goes to images only when both are set and neither is uploading.
 */
export function LogoStep({ vendor }: { vendor: Vendor }) {
  const [uploading, setUploading] = useState({ logo: false, banner: false });
  const bannerUrl = vendor.bannerImageUrl ?? vendor.thumbnailImageUrl;
  const busy = uploading.logo || uploading.banner;
  const ready = Boolean(vendor.logoImageUrl && bannerUrl) && !busy;

  const waiting = busy
    ? 'Wait for the upload to finish.'
    : !vendor.logoImageUrl && !bannerUrl
      ? 'Upload a logo and a banner to continue.'
      : !vendor.logoImageUrl
        ? 'Upload a logo to continue.'
        : 'Upload a banner to continue.';

  return (
    <section className="setup-step" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>Logo and Branding</StepHeading>
      <p className="setup-step__lead">
        Your logo and banner are the first things customers see on your listing and in the catalog.
      </p>
      <div className="setup-branding">
        <BrandingSlot
          vendorId={vendor.id}
          slot="logo"
          title="Logo"
          description="A square image works best, at least 512 × 512 pixels."
          url={vendor.logoImageUrl}
          onUploadingChange={(value) => setUploading((current) => ({ ...current, logo: value }))}
        />
        <BrandingSlot
          vendorId={vendor.id}
          slot="banner"
          title="Banner"
          description="A wide photo for the top of your listing, at least 1600 × 900 pixels."
          url={bannerUrl ?? null}
          onUploadingChange={(value) => setUploading((current) => ({ ...current, banner: value }))}
        />
      </div>
      <StepFooter page="logo" canContinue={ready} waiting={waiting} />
    </section>
  );
}

/** Where customers see the banner, each preview shaped as that place shows it (styles.css). */
const BANNER_PREVIEWS = [
  { key: 'page', caption: 'On your page' },
  { key: 'card', caption: 'On your card in the catalog' },
] as const;

function BrandingSlot({
  vendorId,
  slot,
  title,
  description,
  url,
  onUploadingChange,
}: {
  vendorId: number;
  slot: Extract<ImageSlot, 'logo' | 'banner'>;
  title: string;
  description: string;
  url: string | null;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const upload = useUploadVendorImages(vendorId);
  const name = title.toLowerCase();
  return (
    <div className={`card setup-branding__slot setup-branding__slot--${slot}`}>
      <h3 className="setup-branding__title">{title}</h3>
      {slot === 'logo' ? (
        // The shape customers see: a circle, the picture covering it (VendorLogo).
        <div className="setup-branding__preview setup-branding__preview--logo">
          {url ? (
            <img src={url} alt={`Your ${name}`} />
          ) : (
            <span className="setup-branding__empty">No {name} yet</span>
          )}
        </div>
      ) : (
        // The banner as customers see it (issue 23 #15): across the top of the provider page (its shape
        // on a 1280 px screen) and as the cover of the vendor card in the catalog.
        <div className="setup-branding__previews">
          {BANNER_PREVIEWS.map(({ key, caption }) => (
            <figure key={key} className="setup-branding__figure">
              <div className={`setup-branding__preview setup-branding__preview--${key}`}>
                {url ? (
                  <img src={url} alt={`Your ${name} ${caption.toLowerCase()}`} />
                ) : (
                  <span className="setup-branding__empty">No {name} yet</span>
                )}
              </div>
              <figcaption className="setup-branding__caption">{caption}</figcaption>
            </figure>
          ))}
        </div>
      )}
      <ImageUpload
        label={url ? `Replace ${name}` : `Upload ${name}`}
        tone={url ? 'secondary' : 'primary'}
        hint={`${description} ${FORMATS}`}
        onUpload={(files, onProgress) => upload.mutateAsync({ slot, files, onProgress })}
        onUploadingChange={onUploadingChange}
      />
    </div>
  );
}
