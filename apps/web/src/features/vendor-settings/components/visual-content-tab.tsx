import type { Vendor } from '@stg/domain/api/vendors';
import { BrandImageCard } from './brand-image-card';
import { GalleryCard } from './gallery-card';

/** General Settings, Visual Content (spec §2): Gallery (delete and add), Banner, Logo. */
export function VisualContentTab({ vendor }: { vendor: Vendor }) {
  return (
    <div className="vendor-settings__visual">
      <GalleryCard vendor={vendor} />
      <div className="vendor-settings__brands">
        <BrandImageCard vendor={vendor} kind="banner" />
        <BrandImageCard vendor={vendor} kind="logo" />
      </div>
    </div>
  );
}
