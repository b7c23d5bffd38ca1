// The demo illustrations of things at home: a camera, a vase, paintings, books, a cardigan, coins,
// planters and a pendant (drawing.ts composes each onto its backdrop).
import { linear, radial, type Scene } from './drawing';

export function camera(): Scene {
  return {
    wall: ['#e8eef4', '#cdd9e4'],
    surface: ['#b7c4d1', '#95a5b5'],
    horizon: 620,
    shadow: { cx: 600, cy: 668, rx: 320, ry: 26, opacity: 0.38 },
    defs: `
${linear('plate', ['#f4f6f8', '#c4ccd4', '#9aa5b0'])}
${linear('bodyShade', ['#3a424d', '#232930'])}
${radial('glass', ['#8fb3d9', '#3f5f86', '#141d29'], 0.4, 0.35, 0.7)}
${linear('ring', ['#e9edf1', '#8c97a3', '#d5dbe1'], 0, 0, 1, 1)}
<pattern id="leather" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="#2b3139"/><circle cx="4" cy="4" r="1.6" fill="#343b45"/><circle cx="11" cy="10" r="1.4" fill="#232830"/></pattern>`,
    body: `
<rect x="720" y="292" width="76" height="50" rx="12" fill="url(#plate)"/>
<rect x="738" y="280" width="40" height="18" rx="6" fill="#b9c2cb"/>
<rect x="450" y="302" width="110" height="40" rx="8" fill="#39414b"/>
<rect x="346" y="328" width="508" height="96" rx="34" fill="url(#plate)"/>
<rect x="330" y="392" width="540" height="270" rx="42" fill="url(#bodyShade)"/>
<rect x="330" y="436" width="540" height="180" fill="url(#leather)"/>
<rect x="330" y="434" width="540" height="4" fill="#48515c"/>
<rect x="330" y="614" width="540" height="4" fill="#48515c"/>
<rect x="372" y="348" width="104" height="56" rx="10" fill="#1b222b"/>
<rect x="382" y="357" width="84" height="38" rx="6" fill="url(#glass)"/>
<rect x="796" y="436" width="52" height="180" rx="22" fill="#20262d"/>
<rect x="318" y="414" width="18" height="30" rx="6" fill="#aab4be"/>
<rect x="864" y="414" width="18" height="30" rx="6" fill="#aab4be"/>
<circle cx="600" cy="520" r="156" fill="#1b2027"/>
<circle cx="600" cy="520" r="140" fill="url(#ring)"/>
<circle cx="600" cy="520" r="140" fill="none" stroke="#6c7783" stroke-width="10" stroke-dasharray="3 7"/>
<circle cx="600" cy="520" r="116" fill="#12161b"/>
<circle cx="600" cy="520" r="98" fill="url(#glass)"/>
<circle cx="600" cy="520" r="58" fill="#0b121b" opacity="0.55"/>
<circle cx="600" cy="520" r="98" fill="none" stroke="#0a0d11" stroke-width="6" opacity="0.6"/>
<ellipse cx="562" cy="484" rx="38" ry="20" fill="#ffffff" opacity="0.38" transform="rotate(-35 562 484)"/>
<circle cx="636" cy="556" r="11" fill="#ffffff" opacity="0.22"/>
<circle cx="810" cy="376" r="12" fill="#d9dfe5" stroke="#8c97a3" stroke-width="3"/>`,
  };
}

export function vase(): Scene {
  const outline =
    'M 548 238 H 652 Q 648 258 640 272 C 630 318 640 350 690 392 C 792 462 800 582 722 650 Q 704 666 694 678 L 704 700 H 496 L 506 678 Q 496 666 478 650 C 400 582 408 462 510 392 C 560 350 570 318 560 272 Q 552 258 548 238 Z';
  return {
    wall: ['#f6efe4', '#e9dcc8'],
    surface: ['#c9a981', '#a8835b'],
    horizon: 640,
    shadow: { cx: 600, cy: 704, rx: 190, ry: 22, opacity: 0.4 },
    defs: `
${linear('cobalt', ['#1f3a72', '#3a64ad', '#2b4f94', '#152a58'], 0, 0, 1, 0)}
${linear('gold', ['#b98d45', '#ecd196', '#b98d45'], 0, 0, 1, 0)}
<clipPath id="vaseClip"><path d="${outline}"/></clipPath>`,
    body: `
<path d="${outline}" fill="url(#cobalt)"/>
<g clip-path="url(#vaseClip)">
  <rect x="400" y="238" width="400" height="12" fill="url(#gold)"/>
  <rect x="400" y="384" width="400" height="14" fill="url(#gold)"/>
  <rect x="400" y="606" width="400" height="12" fill="url(#gold)"/>
  <rect x="400" y="672" width="400" height="30" fill="url(#gold)"/>
  <g fill="none" stroke="#e2c27f" stroke-width="5" opacity="0.9">
    <path d="M 470 500 Q 520 440 570 500 Q 620 560 670 500 Q 720 440 770 500"/>
    <path d="M 430 500 Q 470 560 520 500" />
  </g>
  <g fill="#e2c27f">
    <circle cx="520" cy="455" r="9"/><circle cx="620" cy="545" r="9"/><circle cx="720" cy="455" r="9"/><circle cx="470" cy="545" r="7"/>
    <circle cx="560" cy="575" r="6"/><circle cx="680" cy="575" r="6"/>
  </g>
  <ellipse cx="500" cy="500" rx="38" ry="120" fill="#ffffff" opacity="0.18"/>
  <ellipse cx="560" cy="300" rx="10" ry="40" fill="#ffffff" opacity="0.2"/>
  <rect x="680" y="238" width="130" height="470" fill="#000000" opacity="0.12"/>
</g>
<ellipse cx="600" cy="241" rx="52" ry="9" fill="#0f1f40"/>`,
  };
}

const PAINTINGS = [
  {
    sky: ['#f4b89a', '#f7dcc0', '#fbeedd'],
    sun: '#fff3d6',
    far: '#a9b8c4',
    hills: '#6e8f7e',
    sea: ['#88aecb', '#5b86a8'],
    boat: '#7d4e3b',
    sail: '#fbf6ec',
  },
  {
    sky: ['#3d5578', '#8a86a6', '#d9a48f'],
    sun: '#f6d3a7',
    far: '#6f7ea0',
    hills: '#3f5a56',
    sea: ['#4c6a8c', '#2f4865'],
    boat: '#2c2622',
    sail: '#efe3d3',
  },
] as const;

export function painting(variant: number): Scene {
  const p = PAINTINGS[variant % PAINTINGS.length]!;
  return {
    wall: ['#eee9f2', '#dcd3e4'],
    surface: ['#c4ad94', '#a58a6e'],
    horizon: 660,
    shadow: { cx: 600, cy: 712, rx: 250, ry: 20, opacity: 0.32 },
    defs: `
${linear('sky', [...p.sky])}
${linear('sea', [...p.sea])}
${linear('frame', ['#d9b06a', '#a87b3b', '#e2c07e', '#96682d'], 0, 0, 1, 1)}
${linear('wood', ['#8b6a4a', '#6b4f35'], 0, 0, 1, 0)}
<clipPath id="canvas"><rect x="408" y="196" width="384" height="300"/></clipPath>`,
    body: `
<g stroke-linecap="round">
  <line x1="600" y1="140" x2="452" y2="712" stroke="url(#wood)" stroke-width="26"/>
  <line x1="600" y1="140" x2="748" y2="712" stroke="url(#wood)" stroke-width="26"/>
  <line x1="600" y1="150" x2="600" y2="690" stroke="#5d442e" stroke-width="20"/>
</g>
<rect x="446" y="540" width="308" height="22" rx="5" fill="#7a5a3c"/>
<rect x="378" y="166" width="444" height="360" rx="6" fill="url(#frame)"/>
<rect x="396" y="184" width="408" height="324" fill="#7c5a2c" opacity="0.45"/>
<g clip-path="url(#canvas)">
  <rect x="408" y="196" width="384" height="300" fill="url(#sky)"/>
  <circle cx="690" cy="300" r="38" fill="${p.sun}" opacity="0.95"/>
  <path d="M 408 360 Q 470 320 540 345 Q 610 310 680 340 Q 740 322 792 350 L 792 420 L 408 420 Z" fill="${p.far}"/>
  <path d="M 408 395 Q 500 350 600 392 Q 700 430 792 380 L 792 430 L 408 430 Z" fill="${p.hills}"/>
  <rect x="408" y="410" width="384" height="90" fill="url(#sea)"/>
  <g stroke="#ffffff" stroke-width="3" opacity="0.45" stroke-linecap="round">
    <line x1="440" y1="440" x2="500" y2="440"/><line x1="620" y1="455" x2="700" y2="455"/><line x1="520" y1="475" x2="580" y2="475"/><line x1="700" y1="482" x2="760" y2="482"/>
  </g>
  <path d="M 505 428 L 585 428 L 570 444 L 520 444 Z" fill="${p.boat}"/>
  <path d="M 548 426 L 548 360 L 584 424 Z" fill="${p.sail}"/>
  <path d="M 542 426 L 542 372 L 516 424 Z" fill="${p.sail}" opacity="0.85"/>
</g>
<rect x="408" y="196" width="384" height="300" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="4"/>`,
  };
}

export function books(): Scene {
  const stack = [
    { x: 372, w: 470, h: 66, color: '#6f4436', band: '#d8b56f' },
    { x: 398, w: 420, h: 58, color: '#3f5d6d', band: '#e7d8b5' },
    { x: 352, w: 450, h: 72, color: '#b98e43', band: '#5c3d23' },
    { x: 420, w: 380, h: 54, color: '#56664c', band: '#e2cf9e' },
    { x: 390, w: 400, h: 62, color: '#7d6284', band: '#eadcc3' },
  ];
  let y = 690;
  const parts: string[] = [];
  for (const book of stack) {
    y -= book.h;
    const { x, w, h } = book;
    parts.push(`
<rect x="${x + 14}" y="${y + 6}" width="${w - 10}" height="${h - 12}" rx="4" fill="#f6efdc"/>
<g stroke="#d9ceb3" stroke-width="2">${[0.3, 0.5, 0.7].map((f) => `<line x1="${x + w - 8}" y1="${y + h * f}" x2="${x + w + 2}" y2="${y + h * f}"/>`).join('')}</g>
<rect x="${x}" y="${y}" width="${w - 20}" height="${h}" rx="8" fill="${book.color}"/>
<rect x="${x}" y="${y}" width="${w - 20}" height="${h * 0.42}" rx="8" fill="#ffffff" opacity="0.08"/>
<rect x="${x + 40}" y="${y + 8}" width="14" height="${h - 16}" fill="${book.band}" opacity="0.9"/>
<rect x="${x + 64}" y="${y + 8}" width="6" height="${h - 16}" fill="${book.band}" opacity="0.9"/>
<rect x="${x + w - 110}" y="${y + h / 2 - 6}" width="60" height="12" rx="3" fill="${book.band}" opacity="0.8"/>
<rect x="${x}" y="${y + h - 6}" width="${w - 20}" height="6" rx="3" fill="#000000" opacity="0.15"/>`);
  }
  // An open book lying on top of the pile: the cover's arc, then the two page blocks above it.
  const top = y;
  parts.push(`
<path d="M 452 ${top} Q 530 ${top - 30} 606 ${top - 8} Q 682 ${top - 30} 760 ${top} Z" fill="#8a4f3c"/>
<path d="M 466 ${top - 4} Q 536 ${top - 64} 604 ${top - 30} L 604 ${top - 12} Q 536 ${top - 38} 466 ${top - 4} Z" fill="#efe5cc" stroke="#cdbf9f" stroke-width="2"/>
<path d="M 746 ${top - 4} Q 676 ${top - 64} 608 ${top - 30} L 608 ${top - 12} Q 676 ${top - 38} 746 ${top - 4} Z" fill="#f8f2e2" stroke="#cdbf9f" stroke-width="2"/>
<g stroke="#cfc2a2" stroke-width="2" fill="none">
  <path d="M 500 ${top - 20} Q 548 ${top - 52} 596 ${top - 30}"/><path d="M 520 ${top - 22} Q 556 ${top - 44} 594 ${top - 24}"/>
  <path d="M 616 ${top - 30} Q 664 ${top - 52} 712 ${top - 20}"/><path d="M 618 ${top - 24} Q 656 ${top - 44} 692 ${top - 22}"/>
</g>`);
  return {
    wall: ['#f3f0e7', '#e2dccd'],
    surface: ['#b8946d', '#94704c'],
    horizon: 650,
    shadow: { cx: 600, cy: 694, rx: 320, ry: 24, opacity: 0.4 },
    body: `<g transform="translate(600 690) scale(1.16) translate(-600 -690)">${parts.join('')}</g>`,
  };
}

export function cardigan(): Scene {
  const outline =
    'M 556 244 Q 600 282 644 244 L 762 278 Q 806 294 820 344 L 876 590 L 808 614 L 746 412 L 746 676 L 454 676 L 454 412 L 392 614 L 324 590 L 380 344 Q 394 294 438 278 Z';
  return {
    wall: ['#f7ece8', '#ead7d1'],
    surface: ['#d9c4bb', '#c6aca0'],
    horizon: 760,
    defs: `
${linear('knit', ['#9db597', '#84a07e'], 0, 0, 1, 1)}
<pattern id="stitch" width="18" height="16" patternUnits="userSpaceOnUse"><path d="M 1 2 L 9 12 L 17 2" fill="none" stroke="#6f8b69" stroke-width="2.4" opacity="0.55"/></pattern>
<pattern id="rib" width="12" height="40" patternUnits="userSpaceOnUse"><rect width="12" height="40" fill="#7f9b79"/><rect x="7" width="3" height="40" fill="#6b8665"/></pattern>
<clipPath id="sweater"><path d="${outline}"/></clipPath>`,
    body: `
<rect x="0" y="138" width="1200" height="14" fill="#b79c7a"/>
<rect x="0" y="138" width="1200" height="5" fill="#ffffff" opacity="0.3"/>
<path d="M 600 246 L 600 196 Q 600 160 626 160 Q 650 160 650 184" fill="none" stroke="#8d969e" stroke-width="9" stroke-linecap="round"/>
<path d="M 600 246 L 430 300 Q 412 308 430 312 L 770 312 Q 788 308 770 300 Z" fill="#b0885b"/>
<g filter="url(#softer)" opacity="0.22"><path d="${outline}" fill="#3b2a25" transform="translate(10 14)"/></g>
<path d="${outline}" fill="url(#knit)"/>
<g clip-path="url(#sweater)">
  <rect x="300" y="230" width="600" height="460" fill="url(#stitch)"/>
  <rect x="454" y="636" width="292" height="40" fill="url(#rib)"/>
  <path d="M 808 614 L 876 590 L 866 548 L 796 572 Z" fill="url(#rib)"/>
  <path d="M 392 614 L 324 590 L 334 548 L 404 572 Z" fill="url(#rib)"/>
  <path d="M 556 244 L 600 352 L 644 244 L 628 244 L 600 318 L 572 244 Z" fill="#6f8b69"/>
  <rect x="593" y="334" width="14" height="342" fill="#6f8b69"/>
  <rect x="300" y="230" width="300" height="460" fill="#ffffff" opacity="0.06"/>
</g>
<g fill="#efe3c8" stroke="#b9a57c" stroke-width="3">
  <circle cx="600" cy="388" r="11"/><circle cx="600" cy="462" r="11"/><circle cx="600" cy="536" r="11"/><circle cx="600" cy="610" r="11"/>
</g>`,
  };
}

export function coins(): Scene {
  const coin = (cx: number, cy: number, r: number, tone: 'silver' | 'bronze') => `
<circle cx="${cx}" cy="${cy + 5}" r="${r}" fill="#000000" opacity="0.35"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${tone})"/>
<circle cx="${cx}" cy="${cy}" r="${r - 8}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="2 6"/>
<circle cx="${cx}" cy="${cy}" r="${r - 20}" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="3"/>
<path d="${star(cx, cy, r * 0.42, r * 0.18)}" fill="#000000" opacity="0.16" transform="translate(2 3)"/>
<path d="${star(cx, cy, r * 0.42, r * 0.18)}" fill="#ffffff" opacity="0.45"/>
<ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.32}" ry="${r * 0.14}" fill="#ffffff" opacity="0.35" transform="rotate(-35 ${cx - r * 0.35} ${cy - r * 0.4})"/>`;
  return {
    wall: ['#e8eef0', '#d1dce0'],
    surface: ['#7b6150', '#5e4637'],
    horizon: 640,
    shadow: { cx: 600, cy: 690, rx: 330, ry: 24, opacity: 0.45 },
    defs: `
${radial('silver', ['#fbfcfd', '#c9d0d6', '#8f9aa4'], 0.35, 0.3, 0.8)}
${radial('bronze', ['#f3d3a6', '#c58b52', '#8a5a2e'], 0.35, 0.3, 0.8)}
${linear('velvet', ['#34506a', '#22364a'])}
${linear('tray', ['#9b7657', '#6f4f37'])}`,
    body: `
<rect x="282" y="380" width="636" height="306" rx="26" fill="url(#tray)"/>
<rect x="282" y="380" width="636" height="10" rx="5" fill="#ffffff" opacity="0.18"/>
<rect x="306" y="404" width="588" height="258" rx="16" fill="url(#velvet)"/>
<rect x="306" y="404" width="588" height="20" rx="10" fill="#000000" opacity="0.2"/>
${coin(420, 533, 86, 'silver')}
${coin(600, 533, 96, 'bronze')}
${coin(780, 533, 86, 'silver')}`,
  };
}

function star(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const coords: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / points) * i - Math.PI / 2;
    coords.push(`${(cx + r * Math.cos(angle)).toFixed(1)} ${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return `M ${coords.join(' L ')} Z`;
}

export function planters(): Scene {
  const pot = (cx: number, bottom: number, w: number, h: number) => {
    const top = bottom - h;
    const rim = h * 0.2;
    return `
<path d="M ${cx - w / 2 + 6} ${top + rim} L ${cx + w / 2 - 6} ${top + rim} L ${cx + w * 0.38} ${bottom} L ${cx - w * 0.38} ${bottom} Z" fill="url(#clay)"/>
<rect x="${cx - w / 2}" y="${top}" width="${w}" height="${rim}" rx="6" fill="url(#clayRim)"/>
<rect x="${cx - w / 2}" y="${top + rim - 6}" width="${w}" height="6" fill="#000000" opacity="0.12"/>`;
  };
  const leaf = (x: number, y: number, angle: number, len: number, color: string) =>
    `<ellipse cx="${x}" cy="${y}" rx="${len}" ry="${len * 0.3}" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`;
  const olive: string[] = [];
  const leaves: Array<[number, number, number]> = [
    [540, 300, -30],
    [580, 260, -60],
    [640, 270, -120],
    [680, 310, -150],
    [520, 350, 10],
    [700, 350, 170],
    [560, 340, -80],
    [620, 330, -100],
    [600, 230, -90],
    [660, 230, -130],
    [535, 250, -40],
    [700, 270, -160],
    [490, 310, -15],
    [730, 320, -175],
    [600, 290, -70],
    [640, 360, 150],
    [560, 380, 30],
  ];
  leaves.forEach(([x, y, a], i) => olive.push(leaf(x, y, a, 34, i % 3 === 0 ? '#92a882' : i % 3 === 1 ? '#7b9470' : '#a6b898')));
  const succulent = (cx: number, cy: number) =>
    [-70, -35, 0, 35, 70, -52, 52, 0]
      .map(
        (a, i) =>
          `<ellipse cx="${cx}" cy="${cy - 26}" rx="${i < 5 ? 13 : 10}" ry="${i < 5 ? 34 : 24}" fill="${i < 5 ? '#7ea08c' : '#a3c2ad'}" transform="rotate(${a} ${cx} ${cy})"/>`,
      )
      .join('');
  return {
    wall: ['#eaf1e7', '#d5e2d1'],
    surface: ['#cbb89a', '#ad977a'],
    horizon: 640,
    shadow: { cx: 600, cy: 700, rx: 360, ry: 22, opacity: 0.35 },
    defs: `
${linear('clay', ['#d27f58', '#b8603e', '#9c4e33'], 0, 0, 1, 0)}
${linear('clayRim', ['#de9068', '#c0694a'], 0, 0, 1, 0)}`,
    body: `
<path d="M 600 560 C 598 500 590 450 604 400 M 604 420 C 630 390 650 350 660 300 M 598 440 C 570 400 550 350 540 310" fill="none" stroke="#6d5a47" stroke-width="12" stroke-linecap="round"/>
${olive.join('')}
${pot(600, 700, 230, 190)}
${succulent(400, 600)}
${pot(400, 700, 130, 100)}
${succulent(800, 612)}
${pot(800, 700, 120, 92)}`,
  };
}

export function pendant(): Scene {
  return {
    wall: ['#f1e7ef', '#d8c6d6'],
    surface: ['#b69ab2', '#9a7d96'],
    horizon: 700,
    defs: `
${radial('gem', ['#bfe6fb', '#5cb0e0', '#2169a6'], 0.4, 0.35, 0.75)}
${linear('silverLine', ['#ffffff', '#aab3bc', '#e6eaee'], 0, 0, 1, 1)}`,
    body: `
<path d="M 300 80 C 330 420 520 520 600 520 C 680 520 870 420 900 80" fill="none" stroke="#7f7381" stroke-width="9" stroke-linecap="round" stroke-dasharray="0.1 14" opacity="0.5" transform="translate(4 6)"/>
<path d="M 300 80 C 330 420 520 520 600 520 C 680 520 870 420 900 80" fill="none" stroke="url(#silverLine)" stroke-width="9" stroke-linecap="round" stroke-dasharray="0.1 14"/>
<circle cx="600" cy="530" r="16" fill="none" stroke="#d9dee3" stroke-width="7"/>
<g filter="url(#softer)" opacity="0.3"><path d="M 600 552 L 690 610 L 656 720 L 544 720 L 510 610 Z" fill="#3d2a3b" transform="translate(8 14)"/></g>
<path d="M 600 548 L 696 610 L 660 726 L 540 726 L 504 610 Z" fill="url(#silverLine)"/>
<path d="M 600 566 L 678 616 L 648 710 L 552 710 L 522 616 Z" fill="url(#gem)"/>
<g fill="#ffffff">
  <path d="M 600 566 L 678 616 L 600 640 Z" opacity="0.35"/>
  <path d="M 600 566 L 522 616 L 600 640 Z" opacity="0.15"/>
  <path d="M 522 616 L 552 710 L 600 640 Z" opacity="0.08"/>
  <path d="M 678 616 L 648 710 L 600 640 Z" opacity="0.22"/>
</g>
<path d="M 552 710 L 648 710 L 600 640 Z" fill="#0e3d66" opacity="0.3"/>
<path d="${star(566, 604, 22, 4, 4)}" fill="#ffffff" opacity="0.9"/>
<path d="${star(790, 300, 16, 3, 4)}" fill="#ffffff" opacity="0.7"/>
<path d="${star(420, 360, 12, 2.5, 4)}" fill="#ffffff" opacity="0.6"/>
<path d="${star(700, 760, 14, 3, 4)}" fill="#ffffff" opacity="0.5"/>`,
  };
}
