// Illustrations for the demo auctions: one SVG scene per category (drawing.ts, motifs-*.ts), rendered
// by sharp to a 1200x900 JPEG at seed time, and further views of it for an auction's other photos.
import sharp, { type Sharp } from 'sharp';
import type { Category } from '../../shared/constants';
import { compose, DEMO_PHOTO_HEIGHT, DEMO_PHOTO_WIDTH, type Scene } from './drawing';
import { books, camera, cardigan, coins, painting, pendant, planters, vase } from './motifs-home';
import { classicCar, giftBox, guitar, tennis, train } from './motifs-pastimes';

const MOTIFS: Record<Category, (variant: number) => Scene> = {
  Electronics: camera,
  Antiques: vase,
  Art: painting,
  Books: books,
  Clothing: cardigan,
  Collectibles: coins,
  'Home & Garden': planters,
  Jewelry: pendant,
  'Musical Instruments': guitar,
  Sports: tennis,
  Toys: train,
  Vehicles: classicCar,
  Other: giftBox,
};

/** The SVG scene for a category; `variant` picks another palette where the motif has one. */
export function demoPhotoSvg(category: Category, variant = 0): string {
  return compose(MOTIFS[category](variant));
}

const rendered = new Map<string, Promise<Buffer>>();

/** A 1200x900 JPEG of the category's scene. Renders are cached: the same scene is the same bytes. */
export function renderDemoPhoto(category: Category, variant = 0): Promise<Buffer> {
  const key = `${category}#${variant}`;
  let jpeg = rendered.get(key);
  if (!jpeg) {
    jpeg = sharp(Buffer.from(demoPhotoSvg(category, variant)))
      .resize(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT)
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer();
    jpeg.catch(() => rendered.delete(key));
    rendered.set(key, jpeg);
  }
  return jpeg;
}

/**
 * The further photos of a demo auction, as a seller takes them after the whole item: a close-up of
 * its middle, the item from the other side in warmer light, and a close-up of its lower corner.
 */
const VIEWS: ReadonlyArray<(scene: Sharp) => Sharp> = [
  (scene) => scene.extract({ left: 300, top: 225, width: 600, height: 450 }),
  (scene) => scene.flop().modulate({ brightness: 1.06, saturation: 0.8 }),
  (scene) => scene.extract({ left: 520, top: 400, width: 640, height: 480 }),
];

/** View `view` (1 to DEMO_VIEWS; 0 is the whole scene) of a category's scene, as a 1200x900 JPEG. */
export async function renderDemoView(category: Category, variant: number, view: number): Promise<Buffer> {
  const whole = await renderDemoPhoto(category, variant);
  if (view === 0) return whole;
  return VIEWS[view - 1]!(sharp(whole)).resize(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT).jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}
