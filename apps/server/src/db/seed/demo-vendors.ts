/**
 * The demo vendors of St George, Utah. Names, addresses and people are invented; phone numbers use
 * the fictional 555-01xx block of the 435 area code and every e-mail domain is under example.com, so
 * nothing here reaches a real business.
 */
import {
  autoDetailing,
  carpetCleaning,
  garbageCans,
  houseCleaning,
  pestControl,
  starterWindowPricing,
  windowCleaning,
  type DemoPricing,
} from './demo-pricing';

export type Category =
  | 'house_cleaning'
  | 'pest_control'
  | 'window_cleaning'
  | 'garbage_can_cleaning'
  | 'carpet_cleaning'
  | 'auto_detailing';

export interface DemoAddress {
  street: string;
  street2?: string;
  city: 'St George' | 'Washington' | 'Santa Clara';
  zip: '84765' | '84770' | '84780' | '84790';
}

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: DemoAddress;
}

export interface DemoVendor {
  slug: string;
  name: string;
  category: Category;
  listingStatus: 'active' | 'awaiting_submission';
  phone: string;
  email: string;
  tagline: string;
  description: string;
  instructions: string;
  /** Brand colours: primary, secondary, accent. */
  colors: [string, string, string];
  address: DemoAddress;
  minPriceCents: number;
  /** Dollars per hour × 100: duration minutes = price / rate × 60. */
  rateCents: number;
  cancelationPolicyHours: number;
  commissionBps: number;
  calendar: { start: number; end: number; buffer: number; windowStart: number; windowEnd: number };
  pricing: DemoPricing;
  payout?: { last4: string; bank: string };
  galleryCount: number;
  /** false: no reviews at all, so the card shows "New Service!". */
  hasReviews: boolean;
  createdDaysAgo: number;
  owner: DemoPerson;
}

export const DEMO_VENDORS: DemoVendor[] = [
  {
    slug: 'sparkle-shine',
    name: 'Sparkle & Shine Home Cleaning',
    category: 'house_cleaning',
    listingStatus: 'active',
    phone: '4355550101',
    email: 'hello@sparkleandshine.example.com',
    tagline: 'Spotless homes across Dixie',
    description:
      'Family-owned house cleaning serving St George since 2016. Our insured two-person teams bring every supply and tool, use low-scent products that are safe for kids and pets, and follow a 60-point checklist: kitchens, bathrooms, floors, baseboards, ceiling fans and the red dust that finds its way onto every window sill. Regular upkeep, deep cleans and move-out cleans.',
    instructions:
      'Please secure pets and leave a gate or garage code in the notes if nobody will be home. We need running water and power. Our team arrives within a 30-minute window of your appointment time.',
    colors: ['#1e88e5', '#7e57c2', '#ffd54f'],
    address: { street: '1240 E 100 S', street2: 'Suite 3', city: 'St George', zip: '84790' },
    minPriceCents: 9500,
    rateCents: 6000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: houseCleaning({ base: 40, bed: 22, bath: 18, sqft: 0.02, pets: 15 }),
    payout: { last4: '6789', bank: 'Zions Bank' },
    galleryCount: 8,
    hasReviews: true,
    createdDaysAgo: 420,
    owner: {
      firstName: 'Megan',
      lastName: 'Holt',
      email: 'vendor@example.com',
      phone: '4355550151',
      address: { street: '2367 E 1450 S', city: 'St George', zip: '84790' },
    },
  },
  {
    slug: 'red-rock-maids',
    name: 'Red Rock Maids',
    category: 'house_cleaning',
    listingStatus: 'active',
    phone: '4355550102',
    email: 'book@redrockmaids.example.com',
    tagline: 'Cleaning that rocks',
    description:
      'Red Rock Maids keeps busy Southern Utah households clean and calm. Choose a one-time refresh or a deep clean before guests arrive. We dust top to bottom, sanitize kitchens and baths, vacuum and mop every floor, and finish with fresh towels folded the way you like. Background-checked, bonded and insured.',
    instructions:
      'Let us know about any rooms you would like us to skip. If you have a security system, please disarm it or share a temporary code before we arrive.',
    colors: ['#c62828', '#ef6c00', '#ffe0b2'],
    address: { street: '445 S Bluff St', city: 'St George', zip: '84770' },
    minPriceCents: 8500,
    rateCents: 5500,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 450, end: 990, buffer: 30, windowStart: 2, windowEnd: 60 },
    pricing: houseCleaning({ base: 35, bed: 20, bath: 20, sqft: 0.022 }),
    payout: { last4: '4410', bank: 'Mountain America Credit Union' },
    galleryCount: 6,
    hasReviews: true,
    createdDaysAgo: 380,
    owner: {
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: 'owner.red-rock-maids@example.com',
      phone: '4355550152',
      address: { street: '578 W 1250 N', city: 'St George', zip: '84770' },
    },
  },
  {
    slug: 'desert-bloom',
    name: 'Desert Bloom Cleaning Co.',
    category: 'house_cleaning',
    listingStatus: 'active',
    phone: '4355550103',
    email: 'info@desertbloomclean.example.com',
    tagline: 'Fresh as a spring bloom',
    description:
      'Desert Bloom is a green cleaning company based in Washington, Utah. We use plant-based products and microfiber cloths, and we bring HEPA vacuums that trap the fine desert dust. Perfect for allergy sufferers, new parents and anyone who wants a sparkling home without harsh fumes.',
    instructions:
      'Please make sure we can park in or near your driveway. Tell us in the notes about any surfaces that need special care, such as natural stone or unsealed wood.',
    colors: ['#2e7d32', '#ec407a', '#f1f8e9'],
    address: { street: '175 N 300 E', city: 'Washington', zip: '84780' },
    minPriceCents: 9000,
    rateCents: 5000,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 540, end: 1050, buffer: 20, windowStart: 1, windowEnd: 60 },
    pricing: houseCleaning({ base: 45, bed: 18, bath: 22, sqft: 0.018, pets: 20 }),
    payout: { last4: '2231', bank: 'State Bank of Southern Utah' },
    galleryCount: 5,
    hasReviews: true,
    createdDaysAgo: 300,
    owner: {
      firstName: 'Lauren',
      lastName: 'Pace',
      email: 'owner.desert-bloom@example.com',
      phone: '4355550153',
      address: { street: '1422 N Arrowhead Trl', city: 'Washington', zip: '84780' },
    },
  },
  {
    slug: 'zion-view',
    name: 'Zion View Housekeeping',
    category: 'house_cleaning',
    listingStatus: 'active',
    phone: '4355550104',
    email: 'hello@zionviewhousekeeping.example.com',
    tagline: 'Vacation-rental ready, every time',
    description:
      'Zion View Housekeeping specializes in vacation rentals and second homes in Santa Clara, Kayenta and St George. We clean, restock, start the laundry and send you photos so your next guests walk into a five-star stay. Homeowners love our detailed move-in and move-out cleans too.',
    instructions:
      'For rentals, share the lockbox code and Wi-Fi details in the notes. Linens left on the beds will be washed and remade if clean spares are available.',
    colors: ['#6d4c41', '#ff8f00', '#fff3e0'],
    address: { street: '2435 Rachel Dr', city: 'Santa Clara', zip: '84765' },
    minPriceCents: 10000,
    rateCents: 5500,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 45, windowStart: 3, windowEnd: 120 },
    pricing: houseCleaning({ base: 50, bed: 24, bath: 16, sqft: 0.02 }),
    payout: { last4: '9034', bank: 'Wells Fargo' },
    galleryCount: 4,
    hasReviews: false,
    createdDaysAgo: 45,
    owner: {
      firstName: 'Brent',
      lastName: 'Sorensen',
      email: 'owner.zion-view@example.com',
      phone: '4355550154',
      address: { street: '3253 W Lava Ridge Dr', city: 'Santa Clara', zip: '84765' },
    },
  },
  {
    slug: 'red-cliffs-pest',
    name: 'Red Cliffs Pest Defense',
    category: 'pest_control',
    listingStatus: 'active',
    phone: '4355550105',
    email: 'service@redcliffspest.example.com',
    tagline: 'Scorpion season? We have you covered',
    description:
      'Locally owned pest control for Southern Utah homes. We treat inside and out for spiders, ants, roaches, earwigs and the bark scorpions that love our rock walls, and we seal common entry points. Products are applied by licensed technicians and are safe for families and pets once dry. Free re-service between quarterly visits if pests come back.',
    instructions:
      'Please unlock side gates and keep pets inside during the exterior treatment. Interior service takes about 20 minutes; let us know if anyone in the home is sensitive to treatments.',
    colors: ['#b71c1c', '#37474f', '#ffcc80'],
    address: { street: '3175 S Little Valley Rd', city: 'St George', zip: '84790' },
    minPriceCents: 8900,
    rateCents: 9000,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 450, end: 960, buffer: 20, windowStart: 1, windowEnd: 90 },
    pricing: pestControl({ oneTime: 99, quarterly: 79, followUp: 149, sqft: 0.015, story: 25 }),
    payout: { last4: '1187', bank: 'Altabank' },
    galleryCount: 6,
    hasReviews: true,
    createdDaysAgo: 400,
    owner: {
      firstName: 'Travis',
      lastName: 'Hafen',
      email: 'owner.red-cliffs-pest@example.com',
      phone: '4355550155',
      address: { street: '3482 S 2230 E', city: 'St George', zip: '84790' },
    },
  },
  {
    slug: 'dixie-pest',
    name: 'Dixie Pest Solutions',
    category: 'pest_control',
    listingStatus: 'active',
    phone: '4355550106',
    email: 'office@dixiepest.example.com',
    tagline: 'Bug-free living in Utah\u2019s Dixie',
    description:
      'Dixie Pest Solutions has protected St George homes for over a decade. Our general treatment covers the perimeter, eaves, garage and interior baseboards; add-ons handle scorpions with UV inspections, ant colonies and rodent exclusion. Every visit ends with a written report of what we found and what we treated.',
    instructions:
      'Move items away from interior baseboards where possible. We will knock and text on arrival; exterior-only service does not need anyone home.',
    colors: ['#33691e', '#fbc02d', '#f9fbe7'],
    address: { street: '1490 W Sunset Blvd', street2: 'Unit 12', city: 'St George', zip: '84770' },
    minPriceCents: 7500,
    rateCents: 8000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: pestControl({ oneTime: 95, quarterly: 72, followUp: 139, sqft: 0.014, story: 20 }),
    payout: { last4: '5502', bank: 'America First Credit Union' },
    galleryCount: 5,
    hasReviews: true,
    createdDaysAgo: 350,
    owner: {
      firstName: 'Kyle',
      lastName: 'Jessop',
      email: 'owner.dixie-pest@example.com',
      phone: '4355550156',
      address: { street: '861 N 2450 W', city: 'St George', zip: '84770' },
    },
  },
  {
    slug: 'canyon-country-pest',
    name: 'Canyon Country Exterminators',
    category: 'pest_control',
    listingStatus: 'active',
    phone: '4355550107',
    email: 'hello@canyoncountrypest.example.com',
    tagline: 'Keep the desert outside',
    description:
      'Canyon Country Exterminators serves Washington, Coral Canyon and Green Valley with fast, friendly pest control. We target spiders, scorpions, crickets and ants with long-lasting barrier treatments, de-web eaves and window wells, and guarantee our quarterly plan between visits.',
    instructions:
      'Please water your yard after our visit, not before, and keep kids and pets off treated areas for one hour.',
    colors: ['#e65100', '#4e342e', '#ffe0b2'],
    address: { street: '1060 W Telegraph St', city: 'Washington', zip: '84780' },
    minPriceCents: 8000,
    rateCents: 8500,
    cancelationPolicyHours: 6,
    commissionBps: 1200,
    calendar: { start: 420, end: 960, buffer: 15, windowStart: 1, windowEnd: 60 },
    pricing: pestControl({ oneTime: 105, quarterly: 75, followUp: 155, sqft: 0.012, story: 30 }),
    payout: { last4: '7720', bank: 'Chase' },
    galleryCount: 4,
    hasReviews: true,
    createdDaysAgo: 260,
    owner: {
      firstName: 'Dustin',
      lastName: 'Reber',
      email: 'owner.canyon-country-pest@example.com',
      phone: '4355550157',
      address: { street: '2214 E Mesa Verde Dr', city: 'Washington', zip: '84780' },
    },
  },
  {
    slug: 'crystal-clear',
    name: 'Crystal Clear Windows SG',
    category: 'window_cleaning',
    listingStatus: 'active',
    phone: '4355550108',
    email: 'squeegee@crystalclearsg.example.com',
    tagline: 'Streak-free, hard-water-free',
    description:
      'Crystal Clear cleans windows, screens, tracks and sills for homes across St George. Our pure-water poles reach second and third stories without ladders on your landscaping, and our hard-water treatment removes the sprinkler spots that plague desert homes. Streak-free guarantee: if you see a streak within 48 hours, we come back free.',
    instructions:
      'Please turn off sprinklers the night before and clear window sills inside if you booked inside cleaning. We need access to an outdoor water spigot.',
    colors: ['#0288d1', '#26c6da', '#e1f5fe'],
    address: { street: '360 E Tabernacle St', city: 'St George', zip: '84770' },
    minPriceCents: 12000,
    rateCents: 7000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: windowCleaning({ base: 35, pane: 5, story: 30 }),
    payout: { last4: '3345', bank: 'Zions Bank' },
    galleryCount: 7,
    hasReviews: true,
    createdDaysAgo: 330,
    owner: {
      firstName: 'Jace',
      lastName: 'Whitehead',
      email: 'owner.crystal-clear@example.com',
      phone: '4355550158',
      address: { street: '164 S 700 E', city: 'St George', zip: '84770' },
    },
  },
  {
    slug: 'sunbrite',
    name: 'SunBrite Window Washing',
    category: 'window_cleaning',
    listingStatus: 'active',
    phone: '4355550109',
    email: 'info@sunbritewindows.example.com',
    tagline: 'Let the sunshine in',
    description:
      'SunBrite Window Washing is a small crew of Dixie Tech grads who love clean glass. We hand-wash every pane, scrub frames and tracks, and polish solar screens so your view of the red rocks stays crisp. Residential and small storefronts in Santa Clara, Ivins and St George.',
    instructions:
      'Point out any cracked or loose panes before we start. For inside cleaning, please move fragile items away from the windows.',
    colors: ['#f9a825', '#fb8c00', '#fffde7'],
    address: { street: '3019 Santa Clara Dr', city: 'Santa Clara', zip: '84765' },
    minPriceCents: 9900,
    rateCents: 6500,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 510, end: 1050, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: windowCleaning({ base: 30, pane: 4.5, story: 25, maxWindows: 45 }),
    payout: { last4: '8816', bank: 'Mountain America Credit Union' },
    galleryCount: 5,
    hasReviews: true,
    createdDaysAgo: 210,
    owner: {
      firstName: 'Caleb',
      lastName: 'Frei',
      email: 'owner.sunbrite@example.com',
      phone: '4355550159',
      address: { street: '1175 N Canyon View Dr', city: 'Santa Clara', zip: '84765' },
    },
  },
  {
    slug: 'pine-valley-pane',
    name: 'Pine Valley Pane Pros',
    category: 'window_cleaning',
    listingStatus: 'active',
    phone: '4355550110',
    email: 'team@pinevalleypane.example.com',
    tagline: 'High windows, no problem',
    description:
      'Pine Valley Pane Pros handles the tall, tricky glass: two-story great rooms, clerestory windows and skylights. We are fully insured, use soft-bristle water-fed poles and ladder mitts that protect stucco, and we finish with a wipe of every sill and track.',
    instructions:
      'Tell us about skylights or any window that needs a ladder inside. Please keep vehicles out of the driveway so we can set up.',
    colors: ['#1b5e20', '#00897b', '#e0f2f1'],
    address: { street: '2676 E Riverside Dr', city: 'St George', zip: '84790' },
    minPriceCents: 11000,
    rateCents: 7500,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 990, buffer: 30, windowStart: 3, windowEnd: 60 },
    pricing: windowCleaning({ base: 40, pane: 5.5, story: 35, maxWindows: 36 }),
    payout: { last4: '0457', bank: 'Rock Canyon Bank' },
    galleryCount: 4,
    hasReviews: false,
    createdDaysAgo: 30,
    owner: {
      firstName: 'Nate',
      lastName: 'Gubler',
      email: 'owner.pine-valley-pane@example.com',
      phone: '4355550160',
      address: { street: '2890 E 2000 S', city: 'St George', zip: '84790' },
    },
  },
  {
    slug: 'bin-bright',
    name: 'Bin Bright Can Cleaning',
    category: 'garbage_can_cleaning',
    listingStatus: 'active',
    phone: '4355550111',
    email: 'hello@binbright.example.com',
    tagline: 'No more stinky bins',
    description:
      'Bin Bright pressure-washes your trash and recycling cans right at the curb on pickup day. Our trailer uses 200-degree water to kill 99% of bacteria, a citrus deodorizer to end the summer smell, and it captures all the dirty water so nothing runs down your street. One-time cleans or discounted packages.',
    instructions:
      'Leave your cans at the curb after the city truck empties them. We will text a photo when they are clean and returned to the curb.',
    colors: ['#00838f', '#43a047', '#e0f7fa'],
    address: { street: '952 E Brigham Rd', city: 'St George', zip: '84790' },
    minPriceCents: 3500,
    rateCents: 9000,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 420, end: 900, buffer: 15, windowStart: 1, windowEnd: 60 },
    pricing: garbageCans({ base: 10, perCan: 15, grime: 0.5, autoRenew: true }),
    payout: { last4: '2690', bank: 'Wells Fargo' },
    galleryCount: 5,
    hasReviews: true,
    createdDaysAgo: 280,
    owner: {
      firstName: 'Spencer',
      lastName: 'Cox',
      email: 'owner.bin-bright@example.com',
      phone: '4355550161',
      address: { street: '1632 S 1740 E', city: 'St George', zip: '84790' },
    },
  },
  {
    slug: 'fresh-can-dixie',
    name: 'Fresh Can Dixie',
    category: 'garbage_can_cleaning',
    listingStatus: 'active',
    phone: '4355550112',
    email: 'book@freshcandixie.example.com',
    tagline: 'Clean cans, happy noses',
    description:
      'Fresh Can Dixie cleans and sanitizes residential garbage cans in Washington and St George. We scrub inside and out, sanitize, deodorize and rinse with eco-friendly solutions, then leave a fresh scent that lasts through the hottest weeks of summer.',
    instructions: 'Cans must be empty and at the curb by 8 AM on your appointment day.',
    colors: ['#5e35b1', '#26a69a', '#ede7f6'],
    address: { street: '875 E Telegraph St', city: 'Washington', zip: '84780' },
    minPriceCents: 3500,
    rateCents: 8000,
    cancelationPolicyHours: 0,
    commissionBps: 1000,
    calendar: { start: 480, end: 960, buffer: 10, windowStart: 1, windowEnd: 45 },
    pricing: garbageCans({ base: 12, perCan: 14, grime: 0.4 }),
    payout: { last4: '6103', bank: 'America First Credit Union' },
    galleryCount: 4,
    hasReviews: false,
    createdDaysAgo: 25,
    owner: {
      firstName: 'Kenzie',
      lastName: 'Staheli',
      email: 'owner.fresh-can-dixie@example.com',
      phone: '4355550162',
      address: { street: '426 S Main St', city: 'Washington', zip: '84780' },
    },
  },
  {
    slug: 'sandstone-carpet',
    name: 'Sandstone Carpet Care',
    category: 'carpet_cleaning',
    listingStatus: 'active',
    phone: '4355550113',
    email: 'care@sandstonecarpet.example.com',
    tagline: 'Deep clean, dry by dinner',
    description:
      'Sandstone Carpet Care uses truck-mounted hot-water extraction to lift the red sand and grime that vacuums leave behind. We pre-treat traffic lanes and spots, rinse with a residue-free solution and speed-dry with air movers, so most carpets are dry in four to six hours. Upholstery and area rugs too.',
    instructions:
      'Please pick up small items and toys from the floors. We run a hose from our van, so leave a door that we can prop open and make sure the driveway is clear.',
    colors: ['#8d6e63', '#d84315', '#efebe9'],
    address: { street: '1091 N Bluff St', street2: 'Suite 2B', city: 'St George', zip: '84770' },
    minPriceCents: 9900,
    rateCents: 8000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: carpetCleaning({ base: 30, room: 38, stair: 2.5, rug: 30 }),
    payout: { last4: '4876', bank: 'Zions Bank' },
    galleryCount: 6,
    hasReviews: true,
    createdDaysAgo: 365,
    owner: {
      firstName: 'Heber',
      lastName: 'Nielsen',
      email: 'owner.sandstone-carpet@example.com',
      phone: '4355550163',
      address: { street: '735 N 1300 W', city: 'St George', zip: '84770' },
    },
  },
  {
    slug: 'snow-canyon-steam',
    name: 'Snow Canyon Steam Clean',
    category: 'carpet_cleaning',
    listingStatus: 'active',
    phone: '4355550114',
    email: 'info@snowcanyonsteam.example.com',
    tagline: 'Carpets as fresh as the canyon air',
    description:
      'Snow Canyon Steam Clean is a family carpet cleaning business in Santa Clara. We specialize in pet odor and stain removal with enzyme treatments and UV detection, and we protect furniture legs with tabs and blocks. Honest pricing by the room, no bait-and-switch.',
    instructions:
      'Vacuum before we arrive if you can, and let us know where pets have had accidents so we can treat those areas first.',
    colors: ['#3949ab', '#90caf9', '#e8eaf6'],
    address: { street: '3225 W Pioneer Pkwy', city: 'Santa Clara', zip: '84765' },
    minPriceCents: 8900,
    rateCents: 7000,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 540, end: 1080, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: carpetCleaning({ base: 25, room: 35, stair: 2.25, rug: 25 }),
    payout: { last4: '1932', bank: 'State Bank of Southern Utah' },
    galleryCount: 5,
    hasReviews: true,
    createdDaysAgo: 190,
    owner: {
      firstName: 'Whitney',
      lastName: 'Leavitt',
      email: 'owner.snow-canyon-steam@example.com',
      phone: '4355550164',
      address: { street: '2780 W Sunbrook Dr', city: 'Santa Clara', zip: '84765' },
    },
  },
  {
    slug: 'southern-utah-detail',
    name: 'Southern Utah Mobile Detail',
    category: 'auto_detailing',
    listingStatus: 'active',
    phone: '4355550115',
    email: 'detail@sumobiledetail.example.com',
    tagline: 'We come to you',
    description:
      'Southern Utah Mobile Detail brings a full detail shop to your driveway or office: our own water, power and shade canopy. We shampoo seats and carpets, steam-clean vents and cupholders, clay-bar and wax paint, and dress tires and trim. Ceramic coatings protect your paint from the desert sun for a full year.',
    instructions:
      'Please remove personal items and car seats before we arrive. We need a parking spot about 25 feet long with room to open all doors.',
    colors: ['#212121', '#d32f2f', '#eeeeee'],
    address: { street: '1812 E Riverside Dr', city: 'St George', zip: '84790' },
    minPriceCents: 7900,
    rateCents: 5000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 45, windowStart: 2, windowEnd: 90 },
    pricing: autoDetailing({ exterior: 89, interior: 129, full: 189, ceramic: 399, soil: 15, petHair: 35 }),
    payout: { last4: '5218', bank: 'Chase' },
    galleryCount: 7,
    hasReviews: true,
    createdDaysAgo: 320,
    owner: {
      firstName: 'Tanner',
      lastName: 'Bundy',
      email: 'owner.southern-utah-detail@example.com',
      phone: '4355550165',
      address: { street: '1955 E 1160 S', city: 'St George', zip: '84790' },
    },
  },
  {
    slug: 'desert-gleam',
    name: 'Desert Gleam Auto Spa',
    category: 'auto_detailing',
    listingStatus: 'active',
    phone: '4355550116',
    email: 'shine@desertgleam.example.com',
    tagline: 'Showroom shine, desert tough',
    description:
      'Desert Gleam Auto Spa is a mobile detailer from Coral Canyon. Interior resets, paint correction and ceramic coatings for cars, trucks and side-by-sides. We use a water-reclaim mat and biodegradable products, and we treat every vehicle like it is headed to a car show.',
    instructions:
      'Leave the keys somewhere safe and tell us where in the notes. Heavy mud or sand from off-road trips may need the dirt-level surcharge.',
    colors: ['#ff6f00', '#263238', '#fff8e1'],
    address: { street: '2080 N Coral Canyon Blvd', city: 'Washington', zip: '84780' },
    minPriceCents: 6900,
    rateCents: 5500,
    cancelationPolicyHours: 12,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: autoDetailing({ exterior: 79, interior: 119, full: 179, ceramic: 379, soil: 12, petHair: 30 }),
    payout: { last4: '3004', bank: 'Altabank' },
    galleryCount: 6,
    hasReviews: true,
    createdDaysAgo: 240,
    owner: {
      firstName: 'Taylor',
      lastName: 'Brooks',
      email: 'both@example.com',
      phone: '4355550166',
      address: { street: '1744 N Cobblestone Dr', city: 'Washington', zip: '84780' },
    },
  },
  {
    slug: 'quail-creek-detail',
    name: 'Quail Creek Detailing',
    category: 'auto_detailing',
    listingStatus: 'active',
    phone: '4355550117',
    email: 'hello@quailcreekdetailing.example.com',
    tagline: 'Detailing done right',
    description:
      'Quail Creek Detailing offers careful hand washes, interior deep cleans and headlight restoration at fair prices. We are new to the marketplace but have detailed cars around St George for years. Book a full detail and see the difference.',
    instructions: 'Park in the shade if possible. We bring everything else.',
    colors: ['#455a64', '#00acc1', '#eceff1'],
    address: { street: '2100 W Sunset Blvd', city: 'St George', zip: '84770' },
    minPriceCents: 5900,
    rateCents: 4500,
    cancelationPolicyHours: 6,
    commissionBps: 1000,
    calendar: { start: 510, end: 1020, buffer: 30, windowStart: 1, windowEnd: 60 },
    pricing: autoDetailing({ exterior: 69, interior: 109, full: 159, ceramic: 349, soil: 10, petHair: 25 }),
    payout: { last4: '7781', bank: 'Rock Canyon Bank' },
    galleryCount: 4,
    hasReviews: false,
    createdDaysAgo: 20,
    owner: {
      firstName: 'Marco',
      lastName: 'Alvarez',
      email: 'owner.quail-creek-detail@example.com',
      phone: '4355550167',
      address: { street: '1320 W 1090 N', city: 'St George', zip: '84770' },
    },
  },
  {
    slug: 'canyon-glass',
    name: 'Canyon Glass Window Cleaning',
    category: 'window_cleaning',
    listingStatus: 'awaiting_submission',
    phone: '4355550118',
    email: 'hello@canyonglass.example.com',
    tagline: 'Clear views of the canyons',
    description:
      'Canyon Glass is a new window cleaning service in St George. We clean windows, screens and tracks for homes and small offices.',
    instructions: 'Please turn off sprinklers the night before your appointment.',
    colors: ['#00695c', '#ffb300', '#e0f2f1'],
    address: { street: '3030 E 850 N', city: 'St George', zip: '84790' },
    minPriceCents: 6000,
    rateCents: 6000,
    cancelationPolicyHours: 24,
    commissionBps: 1000,
    calendar: { start: 480, end: 1020, buffer: 30, windowStart: 2, windowEnd: 90 },
    pricing: starterWindowPricing(),
    galleryCount: 0,
    hasReviews: false,
    createdDaysAgo: 3,
    owner: {
      firstName: 'Sam',
      lastName: 'Prince',
      email: 'newvendor@example.com',
      phone: '4355550168',
      address: { street: '1567 E 2450 S', city: 'St George', zip: '84790' },
    },
  },
];

/** The marketplace's staff account that reviews listings (operator@example.com). */
export const DEMO_OPERATOR: DemoPerson = {
  firstName: 'Olivia',
  lastName: 'Reyes',
  email: 'operator@example.com',
  phone: '4355550199',
  address: { street: '86 S Main St', city: 'St George', zip: '84770' },
};

/** Customers (user_type customer). The first is the demo account customer@example.com. */
export const DEMO_CUSTOMERS: DemoPerson[] = [
  {
    firstName: 'Alex',
    lastName: 'Carter',
    email: 'customer@example.com',
    phone: '4355550120',
    address: { street: '1450 S Main St', city: 'St George', zip: '84770' },
  },
  {
    firstName: 'Jordan',
    lastName: 'Miles',
    email: 'jordan.miles@example.com',
    phone: '4355550121',
    address: { street: '2347 E Horseman Park Dr', city: 'St George', zip: '84790' },
  },
  {
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya.shah@example.com',
    phone: '4355550122',
    address: { street: '4381 S Fiesta Way', city: 'St George', zip: '84790' },
  },
  {
    firstName: 'Marcus',
    lastName: 'Bennett',
    email: 'marcus.bennett@example.com',
    phone: '4355550123',
    address: { street: '931 N Bluff St', street2: 'Apt 214', city: 'St George', zip: '84770' },
  },
  {
    firstName: 'Emily',
    lastName: 'Tran',
    email: 'emily.tran@example.com',
    phone: '4355550124',
    address: { street: '312 W Buena Vista Blvd', city: 'Washington', zip: '84780' },
  },
  {
    firstName: 'Carlos',
    lastName: 'Ramirez',
    email: 'carlos.ramirez@example.com',
    phone: '4355550125',
    address: { street: '2956 W Santa Clara Pkwy', city: 'Santa Clara', zip: '84765' },
  },
  {
    firstName: 'Hannah',
    lastName: 'Olsen',
    email: 'hannah.olsen@example.com',
    phone: '4355550126',
    address: { street: '1878 W Dixie Downs Rd', city: 'St George', zip: '84770' },
  },
  {
    firstName: 'Derek',
    lastName: 'Jensen',
    email: 'derek.jensen@example.com',
    phone: '4355550127',
    address: { street: '664 E 900 S', city: 'St George', zip: '84790' },
  },
  {
    firstName: 'Sofia',
    lastName: 'Martinez',
    email: 'sofia.martinez@example.com',
    phone: '4355550128',
    address: { street: '1295 E Green Springs Dr', city: 'Washington', zip: '84780' },
  },
  {
    firstName: 'Ben',
    lastName: 'Christensen',
    email: 'ben.christensen@example.com',
    phone: '4355550129',
    address: { street: '3546 Little Valley Rd', city: 'St George', zip: '84790' },
  },
  {
    firstName: 'Ashley',
    lastName: 'Nguyen',
    email: 'ashley.nguyen@example.com',
    phone: '4355550130',
    address: { street: '1074 N Vista Dr', city: 'Santa Clara', zip: '84765' },
  },
];

/** Names of Google reviewers (not users of the marketplace). */
export const GOOGLE_REVIEWERS: [string, string][] = [
  ['Kimberly', 'Hall'],
  ['Josh', 'Terry'],
  ['Brittany', 'McArthur'],
  ['Ryan', 'Snow'],
  ['Melissa', 'Gardner'],
  ['Tyler', 'Atkin'],
  ['Amanda', 'Cottam'],
  ['Chris', 'Pectol'],
  ['Jessica', 'Larkin'],
  ['Dave', 'Hirschi'],
  ['Karen', 'W.'],
  ['Mike', 'R.'],
  ['Stephanie', 'Empey'],
  ['Jared', 'Lyman'],
  ['Natalie', 'Bowler'],
  ['Greg', 'Frei'],
];
