/** A vendor's banner (thumbnail) image, or a soft patterned placeholder while none is uploaded. */
export function VendorCover({ url, className = '' }: { url: string | null; className?: string }) {
  if (url)
    return (
      <img className={`vendor-cover ${className}`.trim()} src={url} alt="" loading="lazy" decoding="async" />
    );
  return <span className={`vendor-cover vendor-cover--placeholder ${className}`.trim()} aria-hidden="true" />;
}
