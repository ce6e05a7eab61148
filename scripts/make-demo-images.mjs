#!/usr/bin/env node
/**
 * Generates the small abstract demo images used by the seed data
 * (api/assets/demo/*.webp). Each image is a soft gradient with a few simple
 * shapes in a shared rose / sage / cream palette, varied per category.
 *
 * The output is deterministic (seeded by file name), so re-running the script
 * produces the same files.
 *
 * Usage (sharp is not a dependency of the workspace; install it anywhere):
 *   mkdir -p /tmp/imggen && cd /tmp/imggen && npm i sharp@0.34
 *   node /path/to/repo/scripts/make-demo-images.mjs
 * sharp is resolved next to this script first, then from the current directory.
 */
import { createRequire } from 'node:module';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '..', 'api', 'assets', 'demo');

async function loadSharp() {
  try {
    return (await import('sharp')).default;
  } catch {
    const req = createRequire(join(process.cwd(), 'noop.js'));
    return req('sharp');
  }
}

// ---------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------
const C = {
  cream: '#FAF3E8',
  ivory: '#FFF9F2',
  sand: '#EAD9C6',
  blush: '#F6E1DE',
  rose: '#E8B4B8',
  dustyRose: '#D08C8E',
  mauve: '#B98A96',
  plum: '#8E6C7A',
  sage: '#A8BBA3',
  paleSage: '#D5E0CF',
  deepSage: '#7D957A',
  terracotta: '#C98B6B',
  peach: '#F2C6A8',
  gold: '#D9B382',
  mist: '#DCE3E6',
};

// Small deterministic PRNG (mulberry32) seeded from the file name.
function rng(seedText) {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------
// Motifs: each returns SVG markup for width w, height h.
// ---------------------------------------------------------------------------
function blobs(rand, w, h, colours, count, opacity = 0.55) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const cx = r1(rand() * w);
    const cy = r1(rand() * h);
    const r = r1((0.15 + rand() * 0.3) * Math.min(w, h));
    const col = colours[i % colours.length];
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${col}" opacity="${opacity}"/>`;
  }
  return `<g filter="url(#soft)">${s}</g>`;
}

const motifs = {
  // concentric ripples, like a calm sun on water
  ripples(rand, w, h, p) {
    const cx = r1(w * (0.55 + rand() * 0.25));
    const cy = r1(h * (0.4 + rand() * 0.2));
    let s = '';
    for (let i = 6; i >= 1; i--) {
      s += `<circle cx="${cx}" cy="${cy}" r="${r1(i * Math.min(w, h) * 0.09)}" fill="none" stroke="${p.accent}" stroke-width="5" opacity="${r1(0.15 + i * 0.06)}"/>`;
    }
    s += `<circle cx="${cx}" cy="${cy}" r="${r1(Math.min(w, h) * 0.12)}" fill="${p.accent2}" opacity="0.85"/>`;
    return s;
  },
  // arch + diagonal stripes, fashion editorial feel
  arches(rand, w, h, p) {
    const aw = w * 0.28;
    const ax = w * (0.15 + rand() * 0.45);
    const top = h * 0.22;
    let s = `<path d="M${r1(ax)} ${h} V${r1(top + aw / 2)} A${r1(aw / 2)} ${r1(aw / 2)} 0 0 1 ${r1(ax + aw)} ${r1(top + aw / 2)} V${h} Z" fill="${p.accent}" opacity="0.8"/>`;
    const ax2 = ax + aw * 0.55;
    s += `<path d="M${r1(ax2)} ${h} V${r1(top + aw * 0.6)} A${r1(aw * 0.45)} ${r1(aw * 0.45)} 0 0 1 ${r1(ax2 + aw * 0.9)} ${r1(top + aw * 0.6)} V${h} Z" fill="${p.accent2}" opacity="0.7"/>`;
    for (let i = 0; i < 5; i++) {
      const x = w * 0.72 + i * 26;
      s += `<line x1="${r1(x)}" y1="0" x2="${r1(x - h * 0.35)}" y2="${h}" stroke="${p.line}" stroke-width="4" opacity="0.35"/>`;
    }
    return s;
  },
  // plates and round fruit shapes
  plates(rand, w, h, p) {
    let s = '';
    const n = 3;
    for (let i = 0; i < n; i++) {
      const cx = r1(w * (0.2 + i * 0.3) + (rand() - 0.5) * 40);
      const cy = r1(h * (0.45 + (rand() - 0.5) * 0.3));
      const r = r1(Math.min(w, h) * (0.16 + rand() * 0.08));
      s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.ivory}" opacity="0.9"/>`;
      s += `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.72)}" fill="none" stroke="${p.line}" stroke-width="3" opacity="0.4"/>`;
      s += `<circle cx="${r1(cx - r * 0.2)}" cy="${r1(cy - r * 0.1)}" r="${r1(r * 0.25)}" fill="${p.accent}" opacity="0.85"/>`;
      s += `<circle cx="${r1(cx + r * 0.25)}" cy="${r1(cy + r * 0.15)}" r="${r1(r * 0.18)}" fill="${p.accent2}" opacity="0.85"/>`;
    }
    return s;
  },
  // rising steps / blocks, a quiet nod to progress
  steps(rand, w, h, p) {
    let s = '';
    const n = 5;
    const bw = w * 0.1;
    const x0 = w * (0.3 + rand() * 0.15);
    for (let i = 0; i < n; i++) {
      const bh = h * (0.15 + i * 0.11);
      const col = i % 2 ? p.accent : p.accent2;
      s += `<rect x="${r1(x0 + i * (bw + 12))}" y="${r1(h - bh)}" width="${r1(bw)}" height="${r1(bh)}" rx="10" fill="${col}" opacity="${r1(0.55 + i * 0.08)}"/>`;
    }
    s += `<circle cx="${r1(x0 + n * (bw + 12) + bw * 0.4)}" cy="${r1(h * 0.22)}" r="${r1(h * 0.07)}" fill="${p.line}" opacity="0.7"/>`;
    return s;
  },
  // window arch with a leafy stem, home & interiors
  window(rand, w, h, p) {
    const ww = Math.min(w, h) * 0.55;
    const x = w * (0.5 + (rand() - 0.5) * 0.3) - ww / 2;
    const y = h * 0.15;
    const wh = h * 0.7;
    let s = `<path d="M${r1(x)} ${r1(y + wh)} V${r1(y + ww / 2)} A${r1(ww / 2)} ${r1(ww / 2)} 0 0 1 ${r1(x + ww)} ${r1(y + ww / 2)} V${r1(y + wh)} Z" fill="${C.ivory}" opacity="0.85"/>`;
    s += `<line x1="${r1(x + ww / 2)}" y1="${r1(y)}" x2="${r1(x + ww / 2)}" y2="${r1(y + wh)}" stroke="${p.line}" stroke-width="4" opacity="0.4"/>`;
    s += `<line x1="${r1(x)}" y1="${r1(y + wh * 0.55)}" x2="${r1(x + ww)}" y2="${r1(y + wh * 0.55)}" stroke="${p.line}" stroke-width="4" opacity="0.4"/>`;
    // pot and leaves
    const px = x + ww + 30;
    const py = y + wh;
    s += `<path d="M${r1(px)} ${r1(py - 70)} h90 l-12 70 h-66 Z" fill="${p.accent}" opacity="0.9"/>`;
    for (let i = 0; i < 4; i++) {
      const ang = -60 + i * 40;
      s += `<ellipse cx="${r1(px + 45)}" cy="${r1(py - 130)}" rx="22" ry="62" fill="${p.accent2}" opacity="0.8" transform="rotate(${ang} ${r1(px + 45)} ${r1(py - 75)})"/>`;
    }
    return s;
  },
  // overlapping circles, people coming together
  together(rand, w, h, p) {
    let s = '';
    const n = 7;
    const cy = h * 0.52;
    const cols = [p.accent, p.accent2, p.line, C.peach, C.paleSage];
    for (let i = 0; i < n; i++) {
      const cx = w * (0.14 + i * 0.12);
      const r = Math.min(w, h) * (0.13 + rand() * 0.06);
      s += `<circle cx="${r1(cx)}" cy="${r1(cy + (rand() - 0.5) * 60)}" r="${r1(r)}" fill="${cols[i % cols.length]}" opacity="0.55"/>`;
    }
    return s;
  },
  // flowing waves / track lines, for sport
  waves(rand, w, h, p) {
    let s = '';
    for (let i = 0; i < 6; i++) {
      const y = h * (0.3 + i * 0.1);
      const a = 30 + rand() * 40;
      s += `<path d="M0 ${r1(y)} C ${r1(w * 0.25)} ${r1(y - a)}, ${r1(w * 0.5)} ${r1(y + a)}, ${r1(w * 0.75)} ${r1(y)} S ${w} ${r1(y - a / 2)}, ${w + 20} ${r1(y)}" fill="none" stroke="${i % 2 ? p.accent : p.accent2}" stroke-width="${8 - i}" opacity="0.6"/>`;
    }
    return s;
  },
  // progress rings, for challenges
  rings(rand, w, h, p) {
    let s = '';
    const cx = w * (0.5 + (rand() - 0.5) * 0.3);
    const cy = h * 0.5;
    const cols = [p.accent, p.accent2, p.line];
    for (let i = 0; i < 3; i++) {
      const r = Math.min(w, h) * (0.32 - i * 0.08);
      const frac = 0.45 + rand() * 0.45;
      const circ = 2 * Math.PI * r;
      s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${C.ivory}" stroke-width="22" opacity="0.6"/>`;
      s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${cols[i]}" stroke-width="22" stroke-linecap="round" stroke-dasharray="${r1(circ * frac)} ${r1(circ)}" transform="rotate(-90 ${r1(cx)} ${r1(cy)})" opacity="0.9"/>`;
    }
    return s;
  },
  // product: bottle / jar silhouettes on a plinth
  vessels(_rand, w, h, p) {
    const base = h * 0.78;
    let s = `<ellipse cx="${w / 2}" cy="${r1(base + 8)}" rx="${r1(w * 0.36)}" ry="26" fill="${p.line}" opacity="0.18"/>`;
    // tall bottle
    const bx = w * 0.3;
    s += `<rect x="${r1(bx)}" y="${r1(h * 0.3)}" width="${r1(w * 0.16)}" height="${r1(base - h * 0.3)}" rx="22" fill="${p.accent}" opacity="0.92"/>`;
    s += `<rect x="${r1(bx + w * 0.05)}" y="${r1(h * 0.22)}" width="${r1(w * 0.06)}" height="${r1(h * 0.09)}" rx="6" fill="${p.line}" opacity="0.85"/>`;
    // jar
    const jx = w * 0.5;
    s += `<rect x="${r1(jx)}" y="${r1(h * 0.55)}" width="${r1(w * 0.22)}" height="${r1(base - h * 0.55)}" rx="26" fill="${p.accent2}" opacity="0.92"/>`;
    s += `<rect x="${r1(jx - 6)}" y="${r1(h * 0.5)}" width="${r1(w * 0.22 + 12)}" height="${r1(h * 0.07)}" rx="10" fill="${C.ivory}" opacity="0.95"/>`;
    return s;
  },
  // product: compact + lipstick-ish shapes
  compacts(_rand, w, h, p) {
    const cx = w * 0.42;
    const cy = h * 0.55;
    let s = `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(w * 0.22)}" fill="${C.ivory}" opacity="0.95"/>`;
    s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(w * 0.17)}" fill="${p.accent}" opacity="0.9"/>`;
    s += `<circle cx="${r1(cx - w * 0.05)}" cy="${r1(cy - w * 0.05)}" r="${r1(w * 0.05)}" fill="${C.ivory}" opacity="0.35"/>`;
    const lx = w * 0.7;
    s += `<rect x="${r1(lx)}" y="${r1(h * 0.42)}" width="${r1(w * 0.09)}" height="${r1(h * 0.36)}" rx="8" fill="${p.line}" opacity="0.9"/>`;
    s += `<path d="M${r1(lx + 6)} ${r1(h * 0.42)} V${r1(h * 0.32)} L${r1(lx + w * 0.09 - 6)} ${r1(h * 0.27)} V${r1(h * 0.42)} Z" fill="${p.accent2}"/>`;
    return s;
  },
  // product: folded textiles / hanger
  hanger(_rand, w, h, p) {
    const cx = w / 2;
    let s = `<path d="M${r1(cx)} ${r1(h * 0.18)} q 24 0 24 22 q 0 16 -24 30" fill="none" stroke="${p.line}" stroke-width="7" stroke-linecap="round"/>`;
    s += `<path d="M${r1(cx)} ${r1(h * 0.26)} L${r1(w * 0.2)} ${r1(h * 0.45)} H${r1(w * 0.8)} Z" fill="none" stroke="${p.line}" stroke-width="7" stroke-linejoin="round"/>`;
    s += `<path d="M${r1(w * 0.24)} ${r1(h * 0.45)} H${r1(w * 0.76)} L${r1(w * 0.82)} ${r1(h * 0.84)} H${r1(w * 0.18)} Z" fill="${p.accent}" opacity="0.9"/>`;
    s += `<rect x="${r1(w * 0.18)}" y="${r1(h * 0.62)}" width="${r1(w * 0.64)}" height="${r1(h * 0.06)}" fill="${p.accent2}" opacity="0.8"/>`;
    return s;
  },
  // product: candle + vase
  candle(_rand, w, h, p) {
    const base = h * 0.8;
    let s = `<rect x="${r1(w * 0.24)}" y="${r1(h * 0.5)}" width="${r1(w * 0.2)}" height="${r1(base - h * 0.5)}" rx="12" fill="${C.ivory}" opacity="0.95"/>`;
    s += `<ellipse cx="${r1(w * 0.34)}" cy="${r1(h * 0.43)}" rx="14" ry="30" fill="${C.gold}" opacity="0.9"/>`;
    s += `<path d="M${r1(w * 0.56)} ${r1(base)} C ${r1(w * 0.48)} ${r1(h * 0.6)}, ${r1(w * 0.62)} ${r1(h * 0.5)}, ${r1(w * 0.62)} ${r1(h * 0.32)} H${r1(w * 0.7)} C ${r1(w * 0.7)} ${r1(h * 0.5)}, ${r1(w * 0.84)} ${r1(h * 0.6)}, ${r1(w * 0.76)} ${r1(base)} Z" fill="${p.accent}" opacity="0.9"/>`;
    s += `<line x1="${r1(w * 0.66)}" y1="${r1(h * 0.32)}" x2="${r1(w * 0.6)}" y2="${r1(h * 0.14)}" stroke="${p.accent2}" stroke-width="6"/>`;
    s += `<ellipse cx="${r1(w * 0.58)}" cy="${r1(h * 0.16)}" rx="16" ry="34" fill="${p.accent2}" transform="rotate(-30 ${r1(w * 0.58)} ${r1(h * 0.16)})"/>`;
    return s;
  },
  // product: dumbbells / yoga mat roll
  fitness(_rand, w, h, p) {
    const y = h * 0.7;
    let s = `<rect x="${r1(w * 0.18)}" y="${r1(y - 20)}" width="${r1(w * 0.44)}" height="16" rx="8" fill="${p.line}" opacity="0.85"/>`;
    s += `<rect x="${r1(w * 0.14)}" y="${r1(y - 62)}" width="44" height="100" rx="14" fill="${p.accent}"/>`;
    s += `<rect x="${r1(w * 0.62 - 44)}" y="${r1(y - 62)}" width="44" height="100" rx="14" fill="${p.accent}"/>`;
    const mx = w * 0.72;
    const my = h * 0.45;
    s += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(w * 0.13)}" fill="${p.accent2}" opacity="0.95"/>`;
    s += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(w * 0.09)}" fill="none" stroke="${C.ivory}" stroke-width="5" opacity="0.7"/>`;
    s += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(w * 0.05)}" fill="none" stroke="${C.ivory}" stroke-width="5" opacity="0.7"/>`;
    return s;
  },
  // recipe: bowl with ingredients
  bowl(rand, w, h, p) {
    const cx = w / 2;
    const cy = h * 0.52;
    const r = w * 0.32;
    let s = '';
    for (let i = 0; i < 9; i++) {
      const a = Math.PI + (i / 8) * Math.PI;
      const rr = r * (0.55 + rand() * 0.35);
      const col = [p.accent, p.accent2, p.line, C.gold][i % 4];
      s += `<circle cx="${r1(cx + Math.cos(a) * rr * 0.8)}" cy="${r1(cy + Math.sin(a) * rr * 0.35 + 6)}" r="${r1(w * (0.045 + rand() * 0.03))}" fill="${col}" opacity="0.92"/>`;
    }
    s += `<path d="M${r1(cx - r)} ${r1(cy)} A${r1(r)} ${r1(r * 0.9)} 0 0 0 ${r1(cx + r)} ${r1(cy)} Z" fill="${C.ivory}"/>`;
    s += `<path d="M${r1(cx - r)} ${r1(cy)} H${r1(cx + r)}" stroke="${p.line}" stroke-width="5" opacity="0.5"/>`;
    s += `<path d="M${r1(cx - r * 0.7)} ${r1(cy + r * 0.35)} A${r1(r * 0.9)} ${r1(r * 0.6)} 0 0 0 ${r1(cx + r * 0.7)} ${r1(cy + r * 0.35)}" fill="none" stroke="${p.accent}" stroke-width="6" opacity="0.6"/>`;
    s += `<ellipse cx="${r1(cx)}" cy="${r1(cy + r * 0.95)}" rx="${r1(r * 0.5)}" ry="14" fill="${p.line}" opacity="0.15"/>`;
    return s;
  },
};

// ---------------------------------------------------------------------------
// Image list: name, size, background gradient, motif, accent colours
// ---------------------------------------------------------------------------
const A = [1200, 675];
const S = [800, 800];

const images = [
  // Articles (1200x675)
  {
    name: 'article-wellness-1',
    size: A,
    bg: [C.paleSage, C.cream],
    motif: 'ripples',
    p: { accent: C.deepSage, accent2: C.rose, line: C.deepSage },
    glow: [C.sage, C.blush],
  },
  {
    name: 'article-wellness-2',
    size: A,
    bg: [C.mist, C.blush],
    motif: 'ripples',
    p: { accent: C.mauve, accent2: C.peach, line: C.plum },
    glow: [C.rose, C.paleSage],
  },
  {
    name: 'article-style-1',
    size: A,
    bg: [C.blush, C.sand],
    motif: 'arches',
    p: { accent: C.dustyRose, accent2: C.rose, line: C.plum },
    glow: [C.rose, C.peach],
  },
  {
    name: 'article-style-2',
    size: A,
    bg: [C.cream, C.rose],
    motif: 'arches',
    p: { accent: C.terracotta, accent2: C.sand, line: C.dustyRose },
    glow: [C.blush, C.gold],
  },
  {
    name: 'article-nutrition-1',
    size: A,
    bg: [C.paleSage, C.peach],
    motif: 'plates',
    p: { accent: C.terracotta, accent2: C.deepSage, line: C.sage },
    glow: [C.sage, C.gold],
  },
  {
    name: 'article-nutrition-2',
    size: A,
    bg: [C.cream, C.paleSage],
    motif: 'plates',
    p: { accent: C.dustyRose, accent2: C.gold, line: C.deepSage },
    glow: [C.peach, C.sage],
  },
  {
    name: 'article-career-1',
    size: A,
    bg: [C.sand, C.blush],
    motif: 'steps',
    p: { accent: C.mauve, accent2: C.rose, line: C.plum },
    glow: [C.rose, C.sand],
  },
  {
    name: 'article-career-2',
    size: A,
    bg: [C.mist, C.cream],
    motif: 'steps',
    p: { accent: C.deepSage, accent2: C.sage, line: C.terracotta },
    glow: [C.paleSage, C.peach],
  },
  {
    name: 'article-home-1',
    size: A,
    bg: [C.cream, C.sand],
    motif: 'window',
    p: { accent: C.terracotta, accent2: C.deepSage, line: C.mauve },
    glow: [C.peach, C.paleSage],
  },
  {
    name: 'article-home-2',
    size: A,
    bg: [C.blush, C.paleSage],
    motif: 'window',
    p: { accent: C.dustyRose, accent2: C.sage, line: C.plum },
    glow: [C.rose, C.cream],
  },
  {
    name: 'article-community-1',
    size: A,
    bg: [C.cream, C.blush],
    motif: 'together',
    p: { accent: C.rose, accent2: C.sage, line: C.mauve },
    glow: [C.peach, C.paleSage],
  },
  {
    name: 'article-community-2',
    size: A,
    bg: [C.paleSage, C.sand],
    motif: 'together',
    p: { accent: C.dustyRose, accent2: C.deepSage, line: C.gold },
    glow: [C.blush, C.sage],
  },
  {
    name: 'article-sports-1',
    size: A,
    bg: [C.mist, C.paleSage],
    motif: 'waves',
    p: { accent: C.deepSage, accent2: C.dustyRose, line: C.plum },
    glow: [C.sage, C.rose],
  },
  // Challenges (1200x675)
  {
    name: 'challenge-1',
    size: A,
    bg: [C.mist, C.paleSage],
    motif: 'rings',
    p: { accent: C.deepSage, accent2: C.sage, line: C.dustyRose },
    glow: [C.paleSage, C.blush],
  },
  {
    name: 'challenge-2',
    size: A,
    bg: [C.blush, C.cream],
    motif: 'rings',
    p: { accent: C.dustyRose, accent2: C.gold, line: C.mauve },
    glow: [C.rose, C.peach],
  },
  {
    name: 'challenge-3',
    size: A,
    bg: [C.sand, C.paleSage],
    motif: 'rings',
    p: { accent: C.terracotta, accent2: C.deepSage, line: C.plum },
    glow: [C.peach, C.sage],
  },
  // Products (800x800)
  {
    name: 'product-skincare',
    size: S,
    bg: [C.blush, C.cream],
    motif: 'vessels',
    p: { accent: C.rose, accent2: C.paleSage, line: C.mauve },
    glow: [C.rose, C.sand],
  },
  {
    name: 'product-makeup',
    size: S,
    bg: [C.sand, C.blush],
    motif: 'compacts',
    p: { accent: C.dustyRose, accent2: C.terracotta, line: C.plum },
    glow: [C.rose, C.peach],
  },
  {
    name: 'product-wellness',
    size: S,
    bg: [C.paleSage, C.cream],
    motif: 'vessels',
    p: { accent: C.deepSage, accent2: C.sand, line: C.plum },
    glow: [C.sage, C.blush],
  },
  {
    name: 'product-home-decor',
    size: S,
    bg: [C.cream, C.sand],
    motif: 'candle',
    p: { accent: C.terracotta, accent2: C.deepSage, line: C.mauve },
    glow: [C.peach, C.paleSage],
  },
  {
    name: 'product-fashion',
    size: S,
    bg: [C.blush, C.mist],
    motif: 'hanger',
    p: { accent: C.sand, accent2: C.dustyRose, line: C.plum },
    glow: [C.rose, C.cream],
  },
  {
    name: 'product-fitness',
    size: S,
    bg: [C.mist, C.paleSage],
    motif: 'fitness',
    p: { accent: C.dustyRose, accent2: C.sage, line: C.plum },
    glow: [C.paleSage, C.blush],
  },
  // Recipes (800x800)
  {
    name: 'recipe-italian',
    size: S,
    bg: [C.cream, C.peach],
    motif: 'bowl',
    p: { accent: C.terracotta, accent2: C.deepSage, line: C.dustyRose },
    glow: [C.peach, C.sage],
  },
  {
    name: 'recipe-mexican',
    size: S,
    bg: [C.peach, C.sand],
    motif: 'bowl',
    p: { accent: C.terracotta, accent2: C.gold, line: C.deepSage },
    glow: [C.gold, C.blush],
  },
  {
    name: 'recipe-asian',
    size: S,
    bg: [C.paleSage, C.mist],
    motif: 'bowl',
    p: { accent: C.deepSage, accent2: C.rose, line: C.plum },
    glow: [C.sage, C.cream],
  },
  {
    name: 'recipe-american',
    size: S,
    bg: [C.blush, C.sand],
    motif: 'bowl',
    p: { accent: C.dustyRose, accent2: C.gold, line: C.terracotta },
    glow: [C.rose, C.peach],
  },
  {
    name: 'recipe-mediterranean',
    size: S,
    bg: [C.mist, C.cream],
    motif: 'bowl',
    p: { accent: C.sage, accent2: C.terracotta, line: C.deepSage },
    glow: [C.paleSage, C.peach],
  },
  {
    name: 'recipe-indian',
    size: S,
    bg: [C.peach, C.blush],
    motif: 'bowl',
    p: { accent: C.gold, accent2: C.terracotta, line: C.deepSage },
    glow: [C.gold, C.rose],
  },
];

function svgFor(img) {
  const [w, h] = img.size;
  const rand = rng(img.name);
  const angle = Math.round(rand() * 360);
  const blur = Math.round(Math.min(w, h) * 0.08);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${img.bg[0]}"/>
      <stop offset="1" stop-color="${img.bg[1]}"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%">
      <feGaussianBlur stdDeviation="${blur}"/>
    </filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${blobs(rand, w, h, img.glow, 4)}
  ${motifs[img.motif](rand, w, h, img.p)}
</svg>`;
}

const sharp = await loadSharp();
mkdirSync(outDir, { recursive: true });

let total = 0;
for (const img of images) {
  const [w] = img.size;
  const limit = w === 1200 ? 25 * 1024 : 20 * 1024;
  const file = join(outDir, `${img.name}.webp`);
  const svg = Buffer.from(svgFor(img));
  // Start at quality 70 and step down if a file exceeds its size budget.
  let quality = 70;
  for (;;) {
    await sharp(svg).webp({ quality, effort: 6, smartSubsample: true }).toFile(file);
    const size = statSync(file).size;
    if (size <= limit || quality <= 40) {
      total += size;
      console.log(`${img.name}.webp  ${img.size.join('x')}  q${quality}  ${(size / 1024).toFixed(1)} KB`);
      break;
    }
    quality -= 5;
  }
}
console.log(`${images.length} images, ${(total / 1024).toFixed(1)} KB total -> ${outDir}`);
