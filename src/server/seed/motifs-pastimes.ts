// The demo illustrations of pastimes and the rest: a guitar, tennis, a toy train, a classic car and a
// gift box (drawing.ts composes each onto its backdrop).
import { linear, radial, type Scene } from './drawing';

const GUITAR_BODY =
  'M 0 -150 C 70 -150 115 -110 115 -40 C 115 0 88 20 88 50 C 88 80 158 100 158 170 C 158 250 90 300 0 300 ' +
  'C -90 300 -158 250 -158 170 C -158 100 -88 80 -88 50 C -88 20 -115 0 -115 -40 C -115 -110 -70 -150 0 -150 Z';

export function guitar(): Scene {
  const strings = [-15, -9, -3, 3, 9, 15]
    .map((dx) => `<line x1="${dx * 0.9}" y1="-540" x2="${dx}" y2="192" stroke="#f2eee6" stroke-width="2" opacity="0.85"/>`)
    .join('');
  const pegs = [-520, -494, -468]
    .map((y) => `<circle cx="-48" cy="${y}" r="10" fill="#d5d9dd"/><circle cx="48" cy="${y}" r="10" fill="#d5d9dd"/>`)
    .join('');
  const frets = Array.from({ length: 12 }, (_, i) => -450 + i * 26)
    .map((y) => `<line x1="-22" y1="${y}" x2="22" y2="${y}" stroke="#c7cbd0" stroke-width="2.5"/>`)
    .join('');
  return {
    wall: ['#e7f0ee', '#cde0db'],
    surface: ['#a88c70', '#86694f'],
    horizon: 700,
    shadow: { cx: 560, cy: 738, rx: 200, ry: 22, opacity: 0.4 },
    defs: `
${radial('spruce', ['#f2c27e', '#dd9c4f', '#a9652a'], 0.45, 0.4, 0.7)}
${linear('neck', ['#6a452a', '#4f321e'], 0, 0, 1, 0)}`,
    body: `
<g transform="translate(640 500) rotate(24) scale(0.86)">
  <path d="${GUITAR_BODY}" fill="#213330" opacity="0.25" filter="url(#softer)" transform="translate(10 16)"/>
  <path d="${GUITAR_BODY}" fill="url(#spruce)" stroke="#6b3c1c" stroke-width="12"/>
  <path d="${GUITAR_BODY}" fill="none" stroke="#f3dfb9" stroke-width="3" transform="scale(0.955)"/>
  <circle cx="0" cy="-20" r="56" fill="none" stroke="#7a4a22" stroke-width="6"/>
  <circle cx="0" cy="-20" r="48" fill="none" stroke="#f6e0b8" stroke-width="3"/>
  <circle cx="0" cy="-20" r="42" fill="#2a1a10"/>
  <path d="M 44 14 C 82 26 100 62 90 108 C 62 98 44 70 38 44 Z" fill="#5a3318" opacity="0.5"/>
  <rect x="-62" y="182" width="124" height="24" rx="9" fill="#3b2415"/>
  <rect x="-50" y="189" width="100" height="4" fill="#efe6d4"/>
  <rect x="-26" y="-560" width="52" height="420" fill="url(#neck)"/>
  <rect x="-22" y="-460" width="44" height="390" fill="#2f1e13"/>
  ${frets}
  <path d="M -36 -470 L 36 -470 L 44 -560 Q 0 -580 -44 -560 Z" fill="#3a2415"/>
  ${pegs}
  ${strings}
  <ellipse cx="-80" cy="150" rx="30" ry="70" fill="#ffffff" opacity="0.14"/>
</g>`,
  };
}

export function tennis(): Scene {
  const stringsV = Array.from({ length: 15 }, (_, i) => -140 + i * 20)
    .map((x) => `<line x1="${x}" y1="-230" x2="${x}" y2="230" />`)
    .join('');
  const stringsH = Array.from({ length: 21 }, (_, i) => -200 + i * 20)
    .map((y) => `<line x1="-170" y1="${y}" x2="170" y2="${y}" />`)
    .join('');
  return {
    wall: ['#e4f1f7', '#c9e1ec'],
    surface: ['#6f9d7c', '#557f62'],
    horizon: 640,
    shadow: { cx: 600, cy: 700, rx: 330, ry: 24, opacity: 0.35 },
    defs: `
${radial('ball', ['#f3f8a0', '#d4e157', '#a9b83a'], 0.38, 0.32, 0.75)}
${linear('frame', ['#34566b', '#223b4b'], 0, 0, 1, 1)}
<clipPath id="head"><ellipse cx="0" cy="0" rx="146" ry="196"/></clipPath>`,
    body: `
<rect x="0" y="672" width="1200" height="10" fill="#f4f4ef" opacity="0.85"/>
<g transform="translate(560 360) rotate(-28)">
  <g clip-path="url(#head)" stroke="#eef2f0" stroke-width="2.5" opacity="0.85">${stringsV}${stringsH}</g>
  <ellipse cx="0" cy="0" rx="158" ry="208" fill="none" stroke="url(#frame)" stroke-width="24"/>
  <ellipse cx="0" cy="0" rx="158" ry="208" fill="none" stroke="#e07a5f" stroke-width="6" stroke-dasharray="60 500" stroke-dashoffset="-220"/>
  <path d="M -60 196 L -20 300 L 20 300 L 60 196" fill="none" stroke="url(#frame)" stroke-width="22" stroke-linejoin="round"/>
  <rect x="-24" y="290" width="48" height="220" rx="14" fill="#f2efe6"/>
  <g stroke="#cfc9b8" stroke-width="3">${Array.from({ length: 9 }, (_, i) => `<line x1="-24" y1="${300 + i * 24}" x2="24" y2="${312 + i * 24}"/>`).join('')}</g>
  <rect x="-28" y="500" width="56" height="20" rx="8" fill="#223b4b"/>
</g>
<g transform="translate(820 612)">
  <ellipse cx="8" cy="70" rx="70" ry="14" fill="#1d3a28" opacity="0.35" filter="url(#softer)"/>
  <circle cx="0" cy="0" r="76" fill="url(#ball)"/>
  <path d="M -62 -44 Q -6 0 -62 44" fill="none" stroke="#fbfbf2" stroke-width="8" stroke-linecap="round"/>
  <path d="M 62 -44 Q 6 0 62 44" fill="none" stroke="#fbfbf2" stroke-width="8" stroke-linecap="round"/>
</g>`,
  };
}

export function train(): Scene {
  const wheel = (cx: number, color: string) =>
    `<circle cx="${cx}" cy="646" r="38" fill="${color}"/><circle cx="${cx}" cy="646" r="14" fill="#f1dcb7"/><circle cx="${cx}" cy="646" r="38" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="5"/>`;
  return {
    wall: ['#fbf4de', '#f1e3bd'],
    surface: ['#d9c39f', '#bfa57d'],
    horizon: 640,
    shadow: { cx: 590, cy: 690, rx: 380, ry: 18, opacity: 0.35 },
    defs: `
${linear('beech', ['#f0d5aa', '#ddb783'])}
${linear('red', ['#dd7461', '#bf5643'])}
${linear('blue', ['#5f8cbc', '#48729f'])}`,
    body: `
<rect x="150" y="676" width="900" height="14" rx="4" fill="#a88a62"/>
<g>
  <rect x="560" y="420" width="200" height="200" rx="14" fill="url(#red)"/>
  <rect x="590" y="450" width="140" height="80" rx="10" fill="#fbf0d9"/>
  <rect x="540" y="396" width="240" height="34" rx="10" fill="url(#blue)"/>
  <rect x="340" y="500" width="240" height="120" rx="24" fill="url(#beech)"/>
  <rect x="340" y="500" width="240" height="40" rx="20" fill="#ffffff" opacity="0.2"/>
  <rect x="380" y="430" width="44" height="80" rx="8" fill="url(#blue)"/>
  <rect x="370" y="420" width="64" height="22" rx="8" fill="#3f6690"/>
  <rect x="470" y="470" width="40" height="40" rx="20" fill="#6a9a6b"/>
  <rect x="312" y="520" width="34" height="80" rx="10" fill="#e9c46a"/>
  <rect x="330" y="604" width="440" height="26" rx="8" fill="#6a9a6b"/>
  ${wheel(410, '#48729f')}${wheel(530, '#48729f')}${wheel(690, '#bf5643')}
  <rect x="770" y="604" width="50" height="12" rx="6" fill="#8c7252"/>
  <rect x="810" y="520" width="230" height="96" rx="12" fill="url(#beech)"/>
  <rect x="830" y="470" width="60" height="60" rx="6" fill="#e9c46a"/>
  <rect x="900" y="480" width="54" height="50" rx="6" fill="#6a9a6b"/>
  <path d="M 966 530 L 996 470 L 1026 530 Z" fill="#dd7461"/>
  <rect x="810" y="600" width="230" height="20" rx="6" fill="#48729f"/>
  ${wheel(870, '#bf5643')}${wheel(980, '#bf5643')}
</g>`,
  };
}

export function classicCar(): Scene {
  const wheel = (cx: number) => `
<circle cx="${cx}" cy="628" r="80" fill="#2a2e33"/>
<circle cx="${cx}" cy="628" r="50" fill="#eef1f3"/>
<circle cx="${cx}" cy="628" r="38" fill="url(#chrome)"/>
<circle cx="${cx}" cy="628" r="10" fill="#7b858f"/>`;
  return {
    wall: ['#dbe8f3', '#f3efe6'],
    surface: ['#a2aab1', '#838c94'],
    horizon: 650,
    shadow: { cx: 600, cy: 706, rx: 420, ry: 26, opacity: 0.45 },
    defs: `
${linear('paint', ['#9cccc4', '#6ea79f', '#4f8a82'])}
${linear('chrome', ['#ffffff', '#b9c2ca', '#eef1f4', '#8e99a3'])}
${linear('window', ['#d7e9f3', '#9fbfd3'])}`,
    body: `
<rect x="0" y="690" width="1200" height="6" fill="#f2f0e8" opacity="0.7" transform="translate(0 50)"/>
<path d="M 400 470 Q 440 360 560 350 L 740 350 Q 820 356 860 470 Z" fill="#f1ead7"/>
<path d="M 448 462 Q 480 386 566 378 L 640 378 L 640 462 Z" fill="url(#window)"/>
<path d="M 660 378 L 736 378 Q 796 384 826 462 L 660 462 Z" fill="url(#window)"/>
<path d="M 460 452 L 520 390" stroke="#ffffff" stroke-width="10" opacity="0.45" stroke-linecap="round"/>
<path d="M 210 560 Q 210 480 300 470 L 920 466 Q 1000 470 1000 560 L 1000 600 Q 1000 630 970 630 L 230 630 Q 210 630 210 600 Z" fill="url(#paint)"/>
<path d="M 250 532 L 960 528" stroke="#f1ead7" stroke-width="10" stroke-linecap="round"/>
<path d="M 272 640 A 128 128 0 0 1 528 640 Z" fill="#3f6f69"/>
<path d="M 672 640 A 128 128 0 0 1 928 640 Z" fill="#3f6f69"/>
${wheel(400)}${wheel(800)}
<rect x="192" y="598" width="70" height="20" rx="10" fill="url(#chrome)"/>
<rect x="948" y="594" width="70" height="20" rx="10" fill="url(#chrome)"/>
<ellipse cx="988" cy="512" rx="14" ry="20" fill="#fff7d6" stroke="#c5ccd3" stroke-width="4"/>
<rect x="214" y="500" width="22" height="26" rx="6" fill="#d86f5c"/>
<rect x="650" y="482" width="36" height="8" rx="4" fill="#c5ccd3"/>`,
  };
}

export function giftBox(): Scene {
  return {
    wall: ['#eef0f7', '#dadfee'],
    surface: ['#c9c0b4', '#aea395'],
    horizon: 640,
    shadow: { cx: 600, cy: 702, rx: 290, ry: 22, opacity: 0.38 },
    defs: `
${linear('kraft', ['#d2b186', '#b99467'], 0, 0, 1, 0)}
${linear('lid', ['#dcbe95', '#c5a077'], 0, 0, 1, 0)}
${linear('ribbon', ['#40597a', '#2f4461'], 0, 0, 1, 0)}`,
    body: `
<rect x="390" y="430" width="420" height="270" rx="10" fill="url(#kraft)"/>
<rect x="560" y="430" width="80" height="270" fill="url(#ribbon)"/>
<rect x="370" y="380" width="460" height="80" rx="12" fill="url(#lid)"/>
<rect x="370" y="448" width="460" height="12" fill="#000000" opacity="0.12"/>
<rect x="556" y="380" width="88" height="80" fill="url(#ribbon)"/>
<path d="M 600 386 C 520 300 440 330 480 380 C 500 404 560 396 600 386 Z" fill="#4a6487"/>
<path d="M 600 386 C 680 300 760 330 720 380 C 700 404 640 396 600 386 Z" fill="#40597a"/>
<path d="M 590 392 L 540 460 L 568 456 L 596 400 Z" fill="#34496a"/>
<path d="M 610 392 L 660 460 L 632 456 L 604 400 Z" fill="#34496a"/>
<ellipse cx="600" cy="388" rx="26" ry="20" fill="#2f4461"/>
<path d="M 510 350 Q 540 340 580 376" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.25" stroke-linecap="round"/>
<rect x="390" y="460" width="140" height="240" fill="#ffffff" opacity="0.06"/>`,
  };
}
