interface VendorLogoProps {
  url: string | null;
  name: string;
  size?: 'small' | 'medium' | 'large';
  /** The surrounding control already names the vendor: hide the logo from assistive technology. */
  decorative?: boolean;
  /** Above the fold on its page (the provider page's header): load at once instead of lazily. */
  eager?: boolean;
}

/** Rendered size in CSS pixels, as .vendor-logo--{size} draws it; also the img's width and height. */
const PIXELS = { small: 44, medium: 64, large: 96 } as const;

/** A vendor's logo, or its initials on a tinted tile while no logo is uploaded. */
export function VendorLogo({
  url,
  name,
  size = 'medium',
  decorative = false,
  eager = false,
}: VendorLogoProps) {
  const className = `vendor-logo vendor-logo--${size}`;
  const label = decorative ? undefined : `${name} logo`;
  if (url)
    return (
      <img
        className={className}
        src={url}
        alt={label ?? ''}
        width={PIXELS[size]}
        height={PIXELS[size]}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      className={`${className} vendor-logo--placeholder`}
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative ? true : undefined}
    >
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
