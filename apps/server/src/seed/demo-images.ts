/**
 * Demo artwork drawn as SVG strings (sharp renders them): a logo with the vendor's initials, a banner
 * of red-rock hills with no text (pages show the name as text), and varied gallery pictures, all in the
 * vendor's brand colours with an icon for its category. No files, no network.
 */
import type { Prng } from './prng';
import type { Category } from '@stg/domain/constants';

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

export interface Brand {
  name: string;
  tagline: string;
  category: Category;
  colors: [string, string, string];
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function initials(name: string): string {
  const words = name
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !['Co.', 'SG', 'of', 'the'].includes(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || 'S'
  ).slice(0, 2);
}

const sparkle = (x: number, y: number, r: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${r / 10})" d="M0,-10 L2.4,-2.4 L10,0 L2.4,2.4 L0,10 L-2.4,2.4 L-10,0 L-2.4,-2.4 Z" fill="${fill}"/>`;

/** The category's icon drawn in a 100 × 100 box. */
export function categoryIcon(category: Category, fg: string, accent: string): string {
  switch (category) {
    case 'house_cleaning':
      return `
        <polygon points="8,50 50,14 92,50" fill="${fg}"/>
        <rect x="20" y="48" width="60" height="42" fill="${fg}"/>
        <rect x="43" y="62" width="14" height="28" fill="${accent}"/>
        <rect x="27" y="56" width="11" height="11" fill="${accent}"/>
        <rect x="62" y="56" width="11" height="11" fill="${accent}"/>
        ${sparkle(82, 18, 9, accent)}${sparkle(14, 24, 6, accent)}`;
    case 'pest_control':
      return `
        <path d="M50 6 L88 20 V48 C88 72 71 88 50 96 C29 88 12 72 12 48 V20 Z" fill="${fg}"/>
        <ellipse cx="50" cy="56" rx="13" ry="18" fill="${accent}"/>
        <circle cx="50" cy="34" r="8" fill="${accent}"/>
        <g stroke="${accent}" stroke-width="4" stroke-linecap="round">
          <line x1="38" y1="48" x2="26" y2="42"/><line x1="62" y1="48" x2="74" y2="42"/>
          <line x1="37" y1="58" x2="24" y2="58"/><line x1="63" y1="58" x2="76" y2="58"/>
          <line x1="38" y1="68" x2="27" y2="76"/><line x1="62" y1="68" x2="73" y2="76"/>
          <line x1="46" y1="27" x2="40" y2="18"/><line x1="54" y1="27" x2="60" y2="18"/>
        </g>
        <line x1="22" y1="84" x2="78" y2="22" stroke="${fg}" stroke-width="7" stroke-linecap="round"/>`;
    case 'window_cleaning':
      return `
        <rect x="14" y="10" width="72" height="80" rx="4" fill="${fg}"/>
        <rect x="20" y="16" width="28" height="33" fill="${accent}"/>
        <rect x="52" y="16" width="28" height="33" fill="${accent}"/>
        <rect x="20" y="53" width="28" height="31" fill="${accent}"/>
        <rect x="52" y="53" width="28" height="31" fill="${accent}"/>
        <g stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.9">
          <line x1="25" y1="40" x2="38" y2="24"/><line x1="57" y1="76" x2="72" y2="59"/><line x1="31" y1="44" x2="42" y2="31"/>
        </g>
        ${sparkle(88, 12, 8, accent)}`;
    case 'garbage_can_cleaning':
      return `
        <rect x="22" y="20" width="56" height="10" rx="3" fill="${fg}"/>
        <polygon points="26,32 74,32 69,88 31,88" fill="${fg}"/>
        <g stroke="${accent}" stroke-width="4" stroke-linecap="round"><line x1="40" y1="42" x2="41" y2="78"/><line x1="50" y1="42" x2="50" y2="78"/><line x1="60" y1="42" x2="59" y2="78"/></g>
        <circle cx="33" cy="90" r="6" fill="${accent}"/><circle cx="67" cy="90" r="6" fill="${accent}"/>
        <path d="M86 10 C92 20 94 24 94 28 A8 8 0 0 1 78 28 C78 24 80 20 86 10 Z" fill="${accent}"/>
        <path d="M12 8 C16 15 17 18 17 21 A5 5 0 0 1 7 21 C7 18 8 15 12 8 Z" fill="${accent}"/>`;
    case 'carpet_cleaning':
      return `
        <rect x="14" y="46" width="72" height="42" rx="3" fill="${fg}"/>
        <g stroke="${accent}" stroke-width="3"><line x1="22" y1="54" x2="78" y2="54"/><line x1="22" y1="80" x2="78" y2="80"/></g>
        <polygon points="50,58 60,67 50,76 40,67" fill="${accent}"/>
        <g stroke="${fg}" stroke-width="3">${[18, 26, 34, 42, 50, 58, 66, 74, 82].map((x) => `<line x1="${x}" y1="88" x2="${x}" y2="95"/>`).join('')}</g>
        <g fill="none" stroke="${accent}" stroke-width="4" stroke-linecap="round">
          <path d="M32 40 C24 32 40 26 32 16"/><path d="M50 40 C42 32 58 26 50 12"/><path d="M68 40 C60 32 76 26 68 16"/>
        </g>`;
    case 'auto_detailing':
      return `
        <path d="M8 66 L12 50 L28 46 L40 30 L66 30 L80 46 L92 50 L94 66 Z" fill="${fg}"/>
        <polygon points="44,35 62,35 72,46 36,46" fill="${accent}"/>
        <circle cx="28" cy="68" r="11" fill="${fg}"/><circle cx="28" cy="68" r="5" fill="${accent}"/>
        <circle cx="74" cy="68" r="11" fill="${fg}"/><circle cx="74" cy="68" r="5" fill="${accent}"/>
        ${sparkle(20, 24, 8, accent)}${sparkle(86, 20, 10, accent)}${sparkle(52, 12, 6, accent)}`;
  }
}

export function logoSvg(b: Brand): string {
  const [primary, secondary, accent] = b.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${secondary}"/></linearGradient></defs>
  <rect width="256" height="256" rx="56" fill="url(#g)"/>
  <circle cx="128" cy="128" r="100" fill="none" stroke="${accent}" stroke-width="6" opacity="0.8"/>
  <g transform="translate(92 30) scale(0.72)">${categoryIcon(b.category, '#ffffff', accent)}</g>
  <text x="128" y="190" font-family="${FONT}" font-size="72" font-weight="bold" text-anchor="middle" fill="#ffffff">${esc(initials(b.name))}</text>
</svg>`;
}

function hills(width: number, height: number, baseY: number, colors: string[], rng: Prng): string {
  return colors
    .map((color, layer) => {
      const y0 = baseY + layer * (height - baseY) * 0.28;
      const pts: string[] = [`0,${height}`, `0,${y0}`];
      const steps = 6 + layer * 2;
      for (let i = 1; i <= steps; i++) {
        const x = (width * i) / steps;
        // Mesas: flat tops and steep sides, like the red cliffs north of town.
        const y = y0 - rng.int(0, Math.round((height - baseY) * 0.45));
        pts.push(`${x - width / steps / 2},${y}`, `${x},${y}`);
      }
      pts.push(`${width},${height}`);
      return `<polygon points="${pts.join(' ')}" fill="${color}"/>`;
    })
    .join('');
}

/**
 * A banner with no words in it: pages show the vendor's name as text beside it, and a banner is cropped to
 * several shapes (the wide strip atop a provider page on a desktop, a taller one on a phone), so text
 * baked in would be cut off somewhere. 16:9 like the photos vendors are asked for ("at least 1600 × 900"),
 * so a catalog card (16:9) shows all of it. Sky in the brand colours with a light pattern of the
 * category's icon, a low sun, red-rock mesas, and the icon on a disc in the middle, where every crop keeps it.
 */
export function bannerSvg(b: Brand, rng: Prng): string {
  const [primary, secondary, accent] = b.colors;
  const W = 1600;
  const H = 900;
  const pattern: string[] = [];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 12; col++) {
      const x = col * 140 + (row % 2 ? 70 : 0) - 30;
      const y = row * 110 + 15;
      pattern.push(
        `<g transform="translate(${x} ${y}) scale(0.42)">${categoryIcon(b.category, '#ffffff', primary)}</g>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <g opacity="0.12">${pattern.join('')}</g>
  <circle cx="${rng.int(1080, 1260)}" cy="${rng.int(320, 370)}" r="${rng.int(60, 85)}" fill="${accent}" opacity="0.85"/>
  ${hills(W, H, 610, ['#b5452f', '#8e3523', '#5d2417'], rng)}
  <circle cx="800" cy="440" r="130" fill="#ffffff" opacity="0.95"/>
  <circle cx="800" cy="440" r="130" fill="none" stroke="${accent}" stroke-width="8"/>
  <g transform="translate(720 360) scale(1.6)">${categoryIcon(b.category, primary, accent)}</g>
</svg>`;
}

const CAPTIONS: Record<Category, string[]> = {
  house_cleaning: [
    'Kitchen deep clean',
    'Sparkling bathrooms',
    'Baseboards & fans',
    'Move-out ready',
    'Fresh linens',
    'Floors mopped',
    'Dust-free shelves',
    'Happy homes',
  ],
  pest_control: [
    'Perimeter barrier',
    'Scorpion check',
    'Eaves de-webbed',
    'Entry points sealed',
    'Garage treatment',
    'Quarterly visits',
    'Safe for pets',
    'Bug-free living',
  ],
  window_cleaning: [
    'Streak-free glass',
    'Hard-water removal',
    'Screens washed',
    'Second-story reach',
    'Tracks & sills',
    'Solar screens',
    'Clear red-rock views',
    'Storefronts too',
  ],
  garbage_can_cleaning: [
    'Curbside wash',
    '200-degree water',
    'Deodorized',
    'Before & after',
    'Recycling bins',
    'No runoff',
    'Summer fresh',
    'Photo on finish',
  ],
  carpet_cleaning: [
    'Hot-water extraction',
    'Stain removal',
    'Pet odor treatment',
    'Stairs & landings',
    'Area rugs',
    'Fast drying',
    'Traffic lanes',
    'Furniture protected',
  ],
  auto_detailing: [
    'Interior reset',
    'Ceramic coating',
    'Clay bar & wax',
    'Seats shampooed',
    'Tires & trim',
    'Sand removal',
    'Headlights restored',
    'Showroom shine',
  ],
};

/** One of six gallery layouts, chosen by position, with random placement and shades. */
export function gallerySvg(b: Brand, position: number, rng: Prng): string {
  const [primary, secondary, accent] = b.colors;
  const W = 800;
  const H = 600;
  const caption = esc(CAPTIONS[b.category][position % 8]!);
  const angle = rng.int(0, 359);
  const defs = `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${secondary}"/></linearGradient></defs>`;
  const captionBar = `<rect x="0" y="${H - 90}" width="${W}" height="90" fill="#000000" opacity="0.35"/>
    <text x="40" y="${H - 32}" font-family="${FONT}" font-size="40" font-weight="bold" fill="#ffffff">${caption}</text>`;
  let body: string;
  switch (position % 6) {
    case 0: {
      // Red rocks with the icon on a card.
      body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
        <circle cx="${rng.int(120, 680)}" cy="${rng.int(80, 160)}" r="${rng.int(40, 70)}" fill="${accent}" opacity="0.9"/>
        ${hills(W, H, 380, ['#c1583a', '#9b3f27', '#6d2a1a'], rng)}
        <rect x="280" y="170" width="240" height="240" rx="36" fill="#ffffff" opacity="0.92"/>
        <g transform="translate(310 200) scale(1.8)">${categoryIcon(b.category, primary, accent)}</g>`;
      break;
    }
    case 1: {
      // Diagonal stripes.
      const stripes = Array.from({ length: 14 }, (_, i) => {
        const x = i * 120 - 400;
        return `<polygon points="${x},0 ${x + 60},0 ${x + 660},${H} ${x + 600},${H}" fill="${i % 2 ? accent : '#ffffff'}" opacity="${(0.08 + rng.next() * 0.14).toFixed(2)}"/>`;
      }).join('');
      body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>${stripes}
        <g transform="translate(${rng.int(230, 330)} ${rng.int(90, 150)}) scale(2.6)">${categoryIcon(b.category, '#ffffff', accent)}</g>`;
      break;
    }
    case 2: {
      // Bubbles.
      const bubbles = Array.from({ length: 22 }, () => {
        const r = rng.int(12, 70);
        return `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${r}" fill="#ffffff" opacity="${(0.08 + rng.next() * 0.25).toFixed(2)}" stroke="${accent}" stroke-width="${rng.int(0, 3)}"/>`;
      }).join('');
      body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>${bubbles}
        <g transform="translate(${rng.int(200, 420)} ${rng.int(100, 200)}) scale(2.2)">${categoryIcon(b.category, '#ffffff', accent)}</g>`;
      break;
    }
    case 3: {
      // Before and after.
      body = `<rect width="${W / 2}" height="${H}" fill="#8d8d86"/>
        <rect x="${W / 2}" width="${W / 2}" height="${H}" fill="url(#bg)"/>
        ${Array.from({ length: 40 }, () => `<circle cx="${rng.int(0, W / 2 - 10)}" cy="${rng.int(0, H - 100)}" r="${rng.int(3, 14)}" fill="#5b4a3a" opacity="0.5"/>`).join('')}
        <g transform="translate(80 130) scale(2.4)" opacity="0.55">${categoryIcon(b.category, '#5f5f58', '#a09d92')}</g>
        <g transform="translate(480 130) scale(2.4)">${categoryIcon(b.category, '#ffffff', accent)}</g>
        ${sparkle(720, 90, 26, accent)}${sparkle(460, 120, 16, '#ffffff')}
        <rect x="${W / 2 - 3}" width="6" height="${H}" fill="#ffffff"/>
        <text x="40" y="70" font-family="${FONT}" font-size="36" font-weight="bold" fill="#ffffff">BEFORE</text>
        <text x="${W / 2 + 40}" y="70" font-family="${FONT}" font-size="36" font-weight="bold" fill="#ffffff">AFTER</text>`;
      break;
    }
    case 4: {
      // The crew.
      const people = Array.from({ length: 3 }, (_, i) => {
        const x = 200 + i * 200 + rng.int(-20, 20);
        const skin = rng.pick(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
        return `<circle cx="${x}" cy="318" r="48" fill="${skin}"/>
          <path d="M${x - 85} 515 C${x - 85} 345 ${x + 85} 345 ${x + 85} 515 Z" fill="${i === 1 ? accent : primary}"/>
          <g transform="translate(${x - 22} 420) scale(0.44)">${categoryIcon(b.category, '#ffffff', secondary)}</g>`;
      }).join('');
      body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
        <rect y="430" width="${W}" height="${H - 430}" fill="#000000" opacity="0.12"/>${people}`;
      break;
    }
    default: {
      // A checklist card.
      const rows = Array.from({ length: 5 }, (_, i) => {
        const y = 130 + i * 62;
        return `<circle cx="330" cy="${y}" r="18" fill="${primary}"/>
          <path d="M321 ${y} l7 8 l13 -15" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
          <rect x="365" y="${y - 9}" width="${rng.int(160, 300)}" height="18" rx="9" fill="${secondary}" opacity="0.45"/>`;
      }).join('');
      body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
        <rect x="280" y="70" width="460" height="380" rx="28" fill="#ffffff"/>${rows}
        <g transform="translate(60 150) scale(1.9)">${categoryIcon(b.category, '#ffffff', accent)}</g>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}${body}${captionBar}</svg>`;
}
