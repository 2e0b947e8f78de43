interface VendorLogoProps {
  url: string | null;
  name: string;
  size?: 'small' | 'medium' | 'large';
  /** The surrounding control already names the vendor: hide the logo from assistive technology. */
  decorative?: boolean;
}

/** A vendor's logo, or its initials on a tinted tile while no logo is uploaded. */
export function VendorLogo({ url, name, size = 'medium', decorative = false }: VendorLogoProps) {
  const className = `vendor-logo vendor-logo--${size}`;
  const label = decorative ? undefined : `${name} logo`;
  if (url) return <img className={className} src={url} alt={label ?? ''} loading="lazy" decoding="async" />;
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
