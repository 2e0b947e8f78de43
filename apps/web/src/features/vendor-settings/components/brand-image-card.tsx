import { useId, useState } from 'react';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUploadVendorImages } from '../../../lib/vendor-api';

const KINDS = {
  banner: {
    title: 'Banner',
    noun: 'banner',
    text: 'The wide image across the top of your page and on your card in the catalog.',
    hint: 'A wide landscape photo. JPEG, PNG or WebP, up to 10 MB.',
  },
  logo: {
    title: 'Logo',
    noun: 'logo',
    text: 'Shown beside your business name on your page and in the catalog.',
    hint: 'A square image works best. JPEG, PNG or WebP, up to 10 MB.',
  },
} as const;

/** Banner or Logo of Visual Content (spec §2): the current image, and Replace (Upload while none). */
export function BrandImageCard({ vendor, kind }: { vendor: Vendor; kind: 'banner' | 'logo' }) {
  const id = useId();
  const upload = useUploadVendorImages(vendor.id);
  const [replaced, setReplaced] = useState(false);
  const text = KINDS[kind];
  const url =
    kind === 'logo' ? vendor.logoImageUrl : (vendor.bannerImageUrl ?? vendor.thumbnailImageUrl ?? null);
  const verb = url ? 'Replace' : 'Upload';

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      <p className="vendor-settings__muted">{text.text}</p>
      <div className={`vendor-settings__brand vendor-settings__brand--${kind}${url ? '' : ' is-empty'}`}>
        {url ? (
          <img src={url} alt={`Your current ${text.noun}`} decoding="async" />
        ) : (
          <p className="vendor-settings__brand-empty">No {text.noun} yet</p>
        )}
      </div>
      <ImageUpload
        label={`${verb} ${text.title}`}
        tone={url ? 'secondary' : 'primary'}
        hint={text.hint}
        onUploadingChange={(uploading) => {
          if (uploading) setReplaced(false);
        }}
        onUpload={(files, onProgress) => upload.mutateAsync({ slot: kind, files, onProgress })}
        onUploaded={() => setReplaced(true)}
      />
      <p role="status" className="form__status">
        {replaced ? `Your new ${text.noun} is saved.` : ''}
      </p>
    </section>
  );
}
