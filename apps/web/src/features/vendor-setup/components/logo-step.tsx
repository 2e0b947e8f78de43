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
      <div className={`setup-branding__preview setup-branding__preview--${slot}`}>
        {url ? (
          <img src={url} alt={`Your ${name}`} />
        ) : (
          <span className="setup-branding__empty">No {name} yet</span>
        )}
      </div>
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
