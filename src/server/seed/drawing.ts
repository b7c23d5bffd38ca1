// The drawing every demo illustration shares: a backdrop (wall, surface, light, vignette) around a
// motif's shapes, as one SVG. Shapes and gradients only, no text: the machine may have no fonts.

export const DEMO_PHOTO_WIDTH = 1200;
export const DEMO_PHOTO_HEIGHT = 900;

export interface Scene {
  /** Wall: top and bottom colours of the backdrop. */
  wall: [string, string];
  /** Table or floor the object stands on: top and bottom colours. */
  surface: [string, string];
  /** Where the surface begins. */
  horizon: number;
  /** The object's soft shadow on the surface; omitted for things that hang. */
  shadow?: { cx: number; cy: number; rx: number; ry: number; opacity?: number };
  /** Extra gradients, patterns and filters the motif uses. */
  defs?: string;
  body: string;
}

export function linear(id: string, stops: string[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const offsets = stops.map((color, i) => `<stop offset="${stops.length === 1 ? 0 : i / (stops.length - 1)}" stop-color="${color}"/>`);
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${offsets.join('')}</linearGradient>`;
}

export function radial(id: string, stops: string[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const offsets = stops.map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`);
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${offsets.join('')}</radialGradient>`;
}

export function compose(scene: Scene): string {
  const { wall, surface, horizon, shadow } = scene;
  const shadowEl = shadow
    ? `<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="#1c1a17" opacity="${shadow.opacity ?? 0.3}" filter="url(#blur)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}" viewBox="0 0 1200 900">
<defs>
${linear('wall', wall)}
${linear('surface', surface)}
<radialGradient id="light" cx="0.5" cy="0.38" r="0.62"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.14"/></radialGradient>
<linearGradient id="edge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
<filter id="blur" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="16"/></filter>
<filter id="softer" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="6"/></filter>
${scene.defs ?? ''}
</defs>
<rect width="1200" height="900" fill="url(#wall)"/>
<rect y="${horizon}" width="1200" height="${900 - horizon}" fill="url(#surface)"/>
<rect y="${horizon}" width="1200" height="10" fill="url(#edge)"/>
<rect width="1200" height="900" fill="url(#light)"/>
${shadowEl}
${scene.body}
<rect width="1200" height="900" fill="url(#vignette)"/>
</svg>`;
}
