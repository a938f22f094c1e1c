/**
 * Product-made illustrations of the public site (rendered to images by ../generate-images.ts): flat,
 * friendly dog portraits for the built-in success stories, themed scenes for the built-in tips.
 * Plain SVG strings, no external assets.
 */

export interface Palette {
  /** Background gradient, top-left to bottom-right. */
  bg: [string, string];
  /** Soft decorative blobs. */
  blob: string;
}

export interface DogLook {
  /** Main coat colour, darker shade (ears, shadows), muzzle / blaze colour, nose. */
  coat: string;
  shade: string;
  muzzle: string;
  nose: string;
  ears: 'rose' | 'floppy' | 'curly' | 'fold';
  /** Curly coat: a ring of curls around the head. */
  curly?: boolean;
  /** White blaze down the face. */
  blaze?: boolean;
  /** Merle patches (colour). */
  merle?: string;
  /** Copper points above the eyes. */
  points?: string;
  /** Collar colour. */
  collar: string;
}

const pawPrint = (x: number, y: number, s: number, rot: number, fill: string, opacity: number) => `
  <g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})" fill="${fill}" opacity="${opacity}">
    <ellipse cx="-13" cy="-6" rx="5.5" ry="7" transform="rotate(-20 -13 -6)"/>
    <ellipse cx="-4.5" cy="-15" rx="5.5" ry="7.5" transform="rotate(-6 -4.5 -15)"/>
    <ellipse cx="5" cy="-15" rx="5.5" ry="7.5" transform="rotate(6 5 -15)"/>
    <ellipse cx="13.5" cy="-6" rx="5.5" ry="7" transform="rotate(20 13.5 -6)"/>
    <path d="M0 -4c-6 0-14 8-14 14 0 4 3 6 6.5 6 3 0 4.5-1.4 7.5-1.4s4.5 1.4 7.5 1.4c3.5 0 6.5-2 6.5-6 0-6-8-14-14-14Z"/>
  </g>`;

let uid = 0;

function backdrop(w: number, h: number, p: Palette): string {
  uid += 1;
  return `
  <defs>
    <linearGradient id="bg${uid}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.bg[0]}"/>
      <stop offset="1" stop-color="${p.bg[1]}"/>
    </linearGradient>
    <radialGradient id="glow${uid}" cx="0.62" cy="0.45" r="0.55">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg${uid})"/>
  <circle cx="${w * 0.12}" cy="${h * 0.15}" r="${h * 0.32}" fill="${p.blob}" opacity="0.35"/>
  <circle cx="${w * 0.95}" cy="${h * 0.95}" r="${h * 0.42}" fill="${p.blob}" opacity="0.3"/>
  <rect width="${w}" height="${h}" fill="url(#glow${uid})"/>
  ${pawPrint(w * 0.12, h * 0.72, 2.2, -24, '#ffffff', 0.18)}
  ${pawPrint(w * 0.2, h * 0.52, 1.8, -14, '#ffffff', 0.14)}
  ${pawPrint(w * 0.88, h * 0.2, 2, 22, '#ffffff', 0.16)}
  ${pawPrint(w * 0.8, h * 0.08, 1.5, 30, '#ffffff', 0.12)}`;
}

function ears(d: DogLook): string {
  switch (d.ears) {
    case 'rose':
      // Small folded ears set high (pit bull).
      return `
      <path d="M-118 -112 C-150 -150 -140 -196 -104 -204 C-80 -170 -70 -140 -72 -118 Z" fill="${d.shade}"/>
      <path d="M118 -112 C150 -150 140 -196 104 -204 C80 -170 70 -140 72 -118 Z" fill="${d.shade}"/>
      <path d="M-106 -128 C-120 -150 -116 -176 -102 -184 C-90 -160 -86 -142 -88 -128 Z" fill="${d.muzzle}" opacity="0.35"/>
      <path d="M106 -128 C120 -150 116 -176 102 -184 C90 -160 86 -142 88 -128 Z" fill="${d.muzzle}" opacity="0.35"/>`;
    case 'fold':
      // Triangular ears that tip forward (Australian shepherd).
      return `
      <path d="M-150 -70 C-168 -130 -150 -196 -96 -214 C-70 -190 -62 -150 -64 -118 Z" fill="${d.shade}"/>
      <path d="M150 -70 C168 -130 150 -196 96 -214 C70 -190 62 -150 64 -118 Z" fill="${d.shade}"/>
      <path d="M-96 -214 C-110 -180 -128 -150 -150 -128 C-140 -170 -124 -200 -96 -214 Z" fill="${d.merle ?? d.shade}" opacity="0.7"/>`;
    case 'curly':
      // Long curly ears (cockapoo, doodle): clusters of curls.
      return [-1, 1]
        .map((side) =>
          [
            [150, -40, 46],
            [162, 10, 44],
            [156, 60, 42],
            [140, 104, 38],
            [120, -80, 40],
          ]
            .map(([x, y, r]) => `<circle cx="${side * x}" cy="${y}" r="${r}" fill="${d.shade}"/>`)
            .join(''),
        )
        .join('');
    default:
      return `
      <path d="M-120 -120 C-190 -110 -200 20 -150 70 C-120 40 -104 -40 -96 -100 Z" fill="${d.shade}"/>
      <path d="M120 -120 C190 -110 200 20 150 70 C120 40 104 -40 96 -100 Z" fill="${d.shade}"/>`;
  }
}

/** A friendly front-facing dog portrait centred at (cx, cy), about 420 px tall at scale 1. */
export function dogPortrait(d: DogLook, cx: number, cy: number, scale: number): string {
  const curls = d.curly
    ? Array.from({ length: 16 }, (_, i) => {
        const a = (Math.PI * 2 * i) / 16;
        const r = 128 + (i % 2) * 6;
        return `<circle cx="${(Math.cos(a) * r).toFixed(1)}" cy="${(Math.sin(a) * r * 1.02 - 20).toFixed(1)}" r="${34 + (i % 3) * 4}" fill="${d.coat}"/>`;
      }).join('')
    : '';
  const topknot = d.curly
    ? `<circle cx="-44" cy="-150" r="34" fill="${d.coat}"/><circle cx="0" cy="-166" r="38" fill="${d.coat}"/><circle cx="44" cy="-150" r="34" fill="${d.coat}"/>`
    : '';
  const merle = d.merle
    ? `<ellipse cx="-70" cy="-90" rx="38" ry="26" fill="${d.merle}" opacity="0.8" transform="rotate(-20 -70 -90)"/>
       <ellipse cx="86" cy="-40" rx="28" ry="20" fill="${d.merle}" opacity="0.75"/>
       <ellipse cx="40" cy="-120" rx="20" ry="14" fill="${d.merle}" opacity="0.7"/>
       <ellipse cx="-100" cy="10" rx="18" ry="24" fill="${d.merle}" opacity="0.7"/>`
    : '';
  const blaze = d.blaze
    ? `<path d="M-16 -150 C-22 -100 -34 -40 -52 10 L52 10 C34 -40 22 -100 16 -150 C6 -156 -6 -156 -16 -150 Z" fill="${d.muzzle}"/>`
    : '';
  const points = d.points
    ? `<ellipse cx="-48" cy="-62" rx="14" ry="9" fill="${d.points}"/><ellipse cx="48" cy="-62" rx="14" ry="9" fill="${d.points}"/>
       <ellipse cx="-66" cy="36" rx="26" ry="22" fill="${d.points}" opacity="0.9"/><ellipse cx="66" cy="36" rx="26" ry="22" fill="${d.points}" opacity="0.9"/>`
    : '';
  return `
  <g transform="translate(${cx} ${cy}) scale(${scale})">
    <ellipse cx="0" cy="250" rx="190" ry="26" fill="#0f172a" opacity="0.16"/>
    <!-- chest -->
    <path d="M-150 150 C-150 90 -90 60 0 60 C90 60 150 90 150 150 L160 250 L-160 250 Z" fill="${d.coat}"/>
    <path d="M-60 120 C-40 180 40 180 60 120 C40 100 -40 100 -60 120 Z" fill="${d.muzzle}" opacity="${d.blaze || d.curly ? 0.9 : 0.55}"/>
    ${ears(d)}
    ${curls}
    <!-- head -->
    <ellipse cx="0" cy="-20" rx="${d.ears === 'rose' ? 150 : 132}" ry="${d.ears === 'rose' ? 132 : 138}" fill="${d.coat}"/>
    ${topknot}
    ${merle}
    ${blaze}
    ${points}
    <!-- muzzle -->
    <ellipse cx="0" cy="52" rx="${d.ears === 'rose' ? 92 : 78}" ry="${d.ears === 'rose' ? 64 : 62}" fill="${d.muzzle}"/>
    <!-- eyes -->
    <ellipse cx="-50" cy="-30" rx="15" ry="17" fill="#1f1a17"/>
    <ellipse cx="50" cy="-30" rx="15" ry="17" fill="#1f1a17"/>
    <circle cx="-45" cy="-36" r="5" fill="#ffffff"/>
    <circle cx="55" cy="-36" r="5" fill="#ffffff"/>
    <!-- nose and mouth -->
    <path d="M-28 20 C-28 4 28 4 28 20 C28 36 10 44 0 44 C-10 44 -28 36 -28 20 Z" fill="${d.nose}"/>
    <ellipse cx="-8" cy="14" rx="8" ry="4" fill="#ffffff" opacity="0.35"/>
    <path d="M0 44 L0 62 M0 62 C-10 76 -30 78 -40 68 M0 62 C10 76 30 78 40 68" stroke="${d.nose}" stroke-width="6" stroke-linecap="round" fill="none"/>
    <path d="M-16 76 C-16 104 16 104 16 76 Z" fill="#f472b6"/>
    <!-- collar -->
    <path d="M-118 118 C-60 146 60 146 118 118 L124 144 C60 174 -60 174 -124 144 Z" fill="${d.collar}"/>
    <circle cx="0" cy="176" r="18" fill="#fbbf24" stroke="#f59e0b" stroke-width="4"/>
  </g>`;
}

/** A story image: backdrop, the dog's portrait and a small name tag. */
export function storyArt(w: number, h: number, p: Palette, d: DogLook, name?: string): string {
  // Drawn on a 1200 x 750 canvas, scaled to the output size.
  const tag = name
    ? `<g transform="translate(54 52)">
    <rect width="${64 + name.length * 26}" height="68" rx="34" fill="#ffffff" opacity="0.92"/>
    <g transform="translate(36 36) scale(0.9)">${pawPrint(0, 6, 1, 0, '#1d4ed8', 1)}</g>
    <text x="66" y="46" font-family="Jakarta, sans-serif" font-size="34" font-weight="800" fill="#0f172a">${name}</text>
  </g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1200 750">
  ${backdrop(1200, 750, p)}
  ${dogPortrait(d, 600, 352, 1.02)}
  ${tag}
</svg>`;
}

/** Tip scenes: a themed object in the same backdrop. */
export function tipArt(w: number, h: number, p: Palette, scene: 'recall' | 'leash' | 'crate'): string {
  // Drawn on a 1200 x 675 canvas, scaled to the output size.
  const cx = 600;
  const cy = 337;
  let art = '';
  if (scene === 'crate') {
    const bars = Array.from(
      { length: 9 },
      (_, i) => `<line x1="${-250 + i * 62.5}" y1="-150" x2="${-250 + i * 62.5}" y2="150"/>`,
    ).join('');
    art = `
    <g transform="translate(${cx} ${cy + 20})">
      <ellipse cx="0" cy="182" rx="330" ry="26" fill="#0f172a" opacity="0.15"/>
      <rect x="-270" y="-170" width="540" height="340" rx="26" fill="#ffffff" opacity="0.25"/>
      <path d="M-230 130 C-230 60 -140 40 -10 40 C120 40 230 60 230 130 Z" fill="#fde68a"/>
      <ellipse cx="0" cy="130" rx="236" ry="30" fill="#f59e0b"/>
      <g transform="translate(-40 70) scale(0.42)">${dogPortrait({ coat: '#d6a06b', shade: '#a86b3c', muzzle: '#f5e1c8', nose: '#3b2a20', ears: 'floppy', collar: '#2563eb' }, 0, 0, 1)}</g>
      <g stroke="#334155" stroke-width="10" stroke-linecap="round" fill="none">
        <rect x="-270" y="-170" width="540" height="340" rx="26"/>
        ${bars}
        <line x1="-270" y1="-60" x2="270" y2="-60"/>
      </g>
      <text x="150" y="-200" font-family="Jakarta, sans-serif" font-size="64" font-weight="800" fill="#ffffff" opacity="0.9">z z z</text>
    </g>`;
  } else if (scene === 'leash') {
    art = `
    <g transform="translate(${cx} ${cy})">
      <path d="M-380 120 C-220 -60 -60 220 90 70 C150 20 160 190 232 184" stroke="#ffffff" stroke-width="26" stroke-linecap="round" fill="none" opacity="0.35"/>
      <path d="M-380 120 C-220 -60 -60 220 90 70 C150 20 160 190 232 184" stroke="#dc2626" stroke-width="16" stroke-linecap="round" fill="none"/>
      <g transform="translate(-400 130)">
        <ellipse cx="0" cy="0" rx="58" ry="84" stroke="#dc2626" stroke-width="18" fill="none" transform="rotate(-30)"/>
      </g>
      <g transform="translate(250 110) scale(0.52)">${dogPortrait({ coat: '#1f2937', shade: '#111827', muzzle: '#f8fafc', nose: '#0b0f14', ears: 'floppy', blaze: true, collar: '#dc2626' }, 0, 0, 1)}</g>
    </g>`;
  } else {
    art = `
    <g transform="translate(${cx} ${cy})">
      <g stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.7">
        <line x1="-380" y1="-60" x2="-250" y2="-60"/>
        <line x1="-420" y1="0" x2="-240" y2="0"/>
        <line x1="-380" y1="60" x2="-250" y2="60"/>
      </g>
      <g transform="translate(-70 10) scale(0.62)">${dogPortrait({ coat: '#f3c77a', shade: '#d4943f', muzzle: '#fff4dc', nose: '#3b2a20', ears: 'floppy', collar: '#16a34a' }, 0, 0, 1)}</g>
      <g transform="translate(270 -40) rotate(-18)">
        <rect x="-120" y="-34" width="200" height="68" rx="34" fill="#e2e8f0"/>
        <rect x="-120" y="-34" width="200" height="68" rx="34" fill="none" stroke="#94a3b8" stroke-width="6"/>
        <circle cx="40" cy="0" r="22" fill="#475569"/>
        <rect x="80" y="-18" width="60" height="36" rx="10" fill="#cbd5e1"/>
        <circle cx="-118" cy="0" r="18" fill="none" stroke="#94a3b8" stroke-width="8"/>
      </g>
      <g stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none" opacity="0.85">
        <path d="M400 -110 C430 -80 430 -20 400 10"/>
        <path d="M440 -140 C490 -90 490 -10 440 40"/>
      </g>
    </g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1200 675">
  ${backdrop(1200, 675, p)}
  ${art}
</svg>`;
}
