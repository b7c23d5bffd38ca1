// The demo auctions: what each one sells, by whom, when, at what prices, with how many photos and
// bids. seed.ts puts them up for sale.
import { BID_MAX_STEP, BID_MIN_STEP, type Category } from '../../shared/constants';
import type { ItemCondition } from '../../shared/listing';

export interface DemoAuction {
  seller: string;
  itemName: string;
  itemDescription: string;
  itemCategory: Category;
  startingPrice: number;
  /** Start and end in hours relative to now (negative: in the past). */
  startsInHours: number;
  endsInHours: number;
  bids: number;
  /** Another palette of the category's picture. */
  photoVariant?: number;
  /** How many photos: the whole item first, then close-ups and other sides (demo-images.ts). */
  photos: number;
  condition: ItemCondition;
  /** Whole dollars, or null for pickup only. */
  shipping: number | null;
  location: string;
  /** A reserve that the demo bids reach, or one above them. */
  reserve?: 'met' | 'not met';
  buyNow?: number;
}

/**
 * A reserve the demo bids reach (each bid raises the price by at least BID_MIN_STEP) or one above
 * what they can (each raises it by at most BID_MAX_STEP).
 */
export function reserveOf(demo: DemoAuction): number | null {
  if (!demo.reserve) return null;
  return demo.reserve === 'met'
    ? demo.startingPrice + Math.max(1, demo.bids * BID_MIN_STEP)
    : demo.startingPrice + demo.bids * BID_MAX_STEP + 50;
}

const D = 24;

export const DEMO_AUCTIONS: readonly DemoAuction[] = [
  {
    seller: 'maya@demo.test',
    itemName: 'Vintage 35mm Rangefinder Camera',
    itemDescription:
      'A compact 35mm rangefinder from the late 1970s with a fast 40mm f/1.7 lens. The shutter fires at every speed, the light seals were replaced last spring, and the viewfinder is clear and bright. Comes with the original leather case and a fresh battery.',
    itemCategory: 'Electronics',
    startingPrice: 120,
    startsInHours: -3 * D,
    endsInHours: 4 * D + 6,
    bids: 6,
    condition: 'like_new',
    shipping: 12,
    location: 'Lyon, France',
    reserve: 'met',
    photos: 4,
  },
  {
    seller: 'henrik@demo.test',
    itemName: 'Victorian Cobalt Glass Vase, c. 1880',
    itemDescription:
      'Hand-blown cobalt glass vase with gilt bands and a scrolling vine pattern, about 28 cm tall. The gilding shows gentle wear on the rim consistent with its age; there are no chips or cracks. A lovely piece for a mantel or a sunny window.',
    itemCategory: 'Antiques',
    startingPrice: 85,
    startsInHours: -2 * D - 5,
    endsInHours: 6 * D,
    bids: 3,
    condition: 'good',
    shipping: 25,
    location: 'Bath, United Kingdom',
    reserve: 'not met',
    buyNow: 220,
    photos: 3,
  },
  {
    seller: 'sofia@demo.test',
    itemName: 'Original Watercolour "Harbour at Dawn", Framed',
    itemDescription:
      'An original watercolour on cotton paper showing a small sailing boat leaving a quiet harbour at sunrise. Signed by the artist and set in a gilded wooden frame behind glass, 50 x 40 cm overall. Ready to hang.',
    itemCategory: 'Art',
    startingPrice: 60,
    startsInHours: -12 * D,
    endsInHours: -3 * D,
    bids: 8,
    condition: 'like_new',
    shipping: 18,
    location: 'Porto, Portugal',
    photos: 2,
  },
  {
    seller: 'daniel@demo.test',
    itemName: 'Oil Painting "Evening on the Lake"',
    itemDescription:
      'A moody oil on canvas of a lake at dusk, painted in muted blues and rose. The canvas is 60 x 45 cm in a simple gold frame. Bought from a local art fair and well cared for in a smoke-free home.',
    itemCategory: 'Art',
    startingPrice: 140,
    startsInHours: -1 * D - 8,
    endsInHours: 9 * D,
    bids: 2,
    condition: 'good',
    shipping: null,
    location: 'Oslo, Norway',
    photos: 2,
    photoVariant: 1,
  },
  {
    seller: 'daniel@demo.test',
    itemName: 'Five Classic Novels in Cloth Bindings',
    itemDescription:
      'A matching set of five mid-century editions of classic novels in cloth bindings with gilt lettering. The spines are bright and the pages are clean, with only light foxing on the endpapers. A handsome start to any bookshelf.',
    itemCategory: 'Books',
    startingPrice: 45,
    startsInHours: -4 * D,
    endsInHours: 3 * D + 2,
    bids: 0,
    condition: 'good',
    shipping: 8,
    location: 'Edinburgh, United Kingdom',
    buyNow: 75,
    photos: 2,
  },
  {
    seller: 'sofia@demo.test',
    itemName: 'Hand-Knitted Merino Cardigan, Sage, Size M',
    itemDescription:
      'A soft cardigan hand-knitted from sage-green merino wool, with ribbed cuffs and hem and natural horn buttons. Worn twice and washed by hand. Fits a medium; the sleeves are slightly long for a cosy feel.',
    itemCategory: 'Clothing',
    startingPrice: 35,
    startsInHours: -2 * D,
    endsInHours: 5 * D + 3,
    bids: 4,
    condition: 'like_new',
    shipping: 5,
    location: 'Seville, Spain',
    photos: 2,
  },
  {
    seller: 'maya@demo.test',
    itemName: 'Commemorative Coin Set in Wooden Display Tray',
    itemDescription:
      'Three commemorative coins, two in silver and one in bronze, each in uncirculated condition. They come in a walnut display tray lined with navy velvet. A thoughtful gift for a collector.',
    itemCategory: 'Collectibles',
    startingPrice: 150,
    startsInHours: -10 * D,
    endsInHours: -1 * D - 4,
    bids: 5,
    condition: 'new',
    shipping: 10,
    location: 'Vienna, Austria',
    reserve: 'not met',
    photos: 3,
  },
  {
    seller: 'henrik@demo.test',
    itemName: 'Terracotta Planter Trio with Young Olive Tree',
    itemDescription:
      'Three frost-resistant terracotta pots: a large one holding a three-year-old olive tree and two small ones with echeveria succulents. Perfect for a balcony or a bright kitchen. Local pick-up preferred because of the weight.',
    itemCategory: 'Home & Garden',
    startingPrice: 40,
    startsInHours: -1 * D,
    endsInHours: 7 * D,
    bids: 1,
    condition: 'good',
    shipping: null,
    location: 'Copenhagen, Denmark',
    photos: 2,
  },
  {
    seller: 'maya@demo.test',
    itemName: 'Sterling Silver Pendant with Blue Topaz',
    itemDescription:
      'A pentagon-cut Swiss blue topaz of about 4 carats set in a polished sterling silver bezel, on a 45 cm silver chain. Hallmarked, never worn, and delivered in a gift box.',
    itemCategory: 'Jewelry',
    startingPrice: 70,
    startsInHours: 1 * D,
    endsInHours: 8 * D,
    bids: 0,
    condition: 'new',
    shipping: 0,
    location: 'Antwerp, Belgium',
    buyNow: 140,
    photos: 3,
  },
  {
    seller: 'daniel@demo.test',
    itemName: 'Acoustic Guitar with Solid Spruce Top',
    itemDescription:
      'A warm-sounding acoustic guitar with a solid spruce top and mahogany back and sides. The action was set up recently and it wears new phosphor bronze strings. Includes a padded gig bag and a spare set of strings.',
    itemCategory: 'Musical Instruments',
    startingPrice: 180,
    startsInHours: -5 * D,
    endsInHours: 2 * D + 5,
    bids: 9,
    condition: 'good',
    shipping: 40,
    location: 'Austin, United States',
    reserve: 'met',
    photos: 3,
  },
  {
    seller: 'sofia@demo.test',
    itemName: 'Graphite Tennis Racket with a Can of Balls',
    itemDescription:
      'A lightweight graphite racket, 300 g unstrung, grip size 3, freshly strung at 24 kg. Used for one season of club play and kept in its cover. A new can of three balls is included.',
    itemCategory: 'Sports',
    startingPrice: 55,
    startsInHours: -6,
    endsInHours: 10 * D,
    bids: 0,
    condition: 'fair',
    shipping: 9,
    location: 'Melbourne, Australia',
    buyNow: 90,
    photos: 2,
  },
  {
    seller: 'henrik@demo.test',
    itemName: 'Wooden Toy Train Set, 24 Pieces',
    itemDescription:
      'A classic beech-wood train with an engine, a cargo wagon and colourful building blocks, painted with child-safe water-based paints. All 24 pieces are present. Suits children from three years up.',
    itemCategory: 'Toys',
    startingPrice: 25,
    startsInHours: -4 * D - 12,
    endsInHours: -12,
    bids: 7,
    condition: 'fair',
    shipping: 12,
    location: 'Aarhus, Denmark',
    photos: 2,
  },
  {
    seller: 'daniel@demo.test',
    itemName: '1962 Two-Door Saloon, Restored',
    itemDescription:
      'A two-door saloon from 1962 in seafoam green with a cream roof, restored over two years. The engine was rebuilt, the chrome re-plated and the interior re-trimmed; it has passed its latest road inspection. Viewing is welcome before bidding.',
    itemCategory: 'Vehicles',
    startingPrice: 8500,
    startsInHours: -3 * D - 4,
    endsInHours: 11 * D,
    bids: 4,
    condition: 'good',
    shipping: null,
    location: 'Turin, Italy',
    reserve: 'not met',
    photos: 4,
  },
  {
    seller: 'admin@demo.test',
    itemName: 'Stationery Gift Box with Fountain Pen',
    itemDescription:
      'A kraft gift box holding a steel-nib fountain pen, a pack of ink cartridges, an A5 dotted notebook and a set of letter paper with envelopes. Everything is new and unused. Wrapped with a navy ribbon, ready to give.',
    itemCategory: 'Other',
    startingPrice: 30,
    startsInHours: -8 * D,
    endsInHours: -2 * D,
    bids: 3,
    condition: 'new',
    shipping: 6,
    location: 'Ghent, Belgium',
    photos: 1,
  },
  {
    seller: 'henrik@demo.test',
    itemName: '35mm SLR Body for Parts or Repair',
    itemDescription:
      'A 35mm SLR camera body with a stuck mirror: the shutter does not fire and the meter is silent. The top plate and the film door are in good shape and the viewfinder is clean. Sold as it is, for parts or for someone who enjoys a repair.',
    itemCategory: 'Electronics',
    startingPrice: 15,
    startsInHours: -2 * D,
    endsInHours: 4 * D + 9,
    bids: 2,
    condition: 'for_parts',
    shipping: 7,
    location: 'Hamburg, Germany',
    photos: 1,
    photoVariant: 1,
  },
  {
    seller: 'maya@demo.test',
    itemName: 'Wooden Tennis Racket in Its Original Press',
    itemDescription:
      'A laminated ash racket from the 1960s, kept in its trapezoid press so the frame never warped. The leather grip is worn smooth but whole; the gut strings are original and best left as display pieces. Collect it from the city centre.',
    itemCategory: 'Sports',
    startingPrice: 30,
    startsInHours: -9 * D,
    endsInHours: -4 * D,
    bids: 4,
    condition: 'good',
    shipping: null,
    location: 'Lyon, France',
    photos: 2,
  },
  {
    seller: 'daniel@demo.test',
    itemName: 'Wool Fisherman Sweater, Sage Green, Size L',
    itemDescription:
      'A heavy cable-knit sweater in sage-green pure wool, knitted on the west coast of Ireland. Worn a handful of winters, washed by hand, no holes or pulls. Roomy in the shoulders: it fits a usual M or L.',
    itemCategory: 'Clothing',
    startingPrice: 40,
    startsInHours: -12 * D,
    endsInHours: -5 * D,
    bids: 3,
    condition: 'good',
    shipping: 6,
    location: 'Bristol, United Kingdom',
    photos: 1,
  },
];
