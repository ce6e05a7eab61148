/**
 * Pictures sized for each reader's screen (issue 39), measured on the compiled production server with
 * the demo content and real photographs (bench/photos.ts):
 *
 *  1. uploads: each photo through `POST /api/upload` as an admin, timed to its answer, set as the
 *     picture of one of the newest articles, first products and first recipes (PUT, no updatedAt),
 *     and the time from the answer until its sizes are served (the largest rung, then the last one the
 *     job makes) — one picture at a time, so each figure is one picture's, not a queue's;
 *  2. pages in Chromium (DESIGN flags) at 390×844 DPR 3 and 1280×800 DPR 1: /news scrolled through,
 *     then Load More, the newest article, home, /shop and /recipes, each in a fresh context scrolled to
 *     the bottom. Bytes of every image response (bodies from CDP's Network.dataReceived: a redirect's
 *     bytes count once, in its final answer), beside the same pictures as originals only (the old
 *     behaviour: each upload's original, fetched once; any other image as it came); and for each shown
 *     `<img>` the width of the file it loaded (from the rung's name: naturalWidth is density-corrected
 *     for a srcset) against its rendered width × DPR;
 *  3. 20 uploads at once while anonymous readers read the content list and a stored article page
 *     (autocannon): the read rate before, during the uploads and while the sizes are made after them,
 *     and the server's peak memory (VmHWM).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/harness';
import { parseOriginalName, parseRungName } from '../shared/src/helpers/picture';
import { PICTURE_BUDGET } from './budget';
import { cpuSplit } from './cpu';
import {
  adminCookie,
  benchAdminEmail,
  type Dressed,
  dressSite,
  describePhoto,
  type Photo,
  preparePhotos,
  uploadPhoto,
  waitForSizes,
} from './photos';
import { type Child, productionServerEnv, startCompiledServer } from './server';

export interface PicturesOptions {
  /** PostgreSQL (a database of its own); else a fresh PGlite in a temporary folder. */
  databaseUrl?: string;
  /** Where uploads are kept with PostgreSQL (ignored with PGlite: the temporary folder). */
  dataDir?: string;
  articles: number;
  products: number;
  recipes: number;
  /** Uploads fired at once in step 3 (the issue's figure: 20). */
  burst: number;
  /** Seconds each read window lasts (before, and while the sizes are made). */
  readSeconds: number;
  connections: number;
  /** Measure the pages in Chromium (needs CHROMIUM_PATH). */
  browser: boolean;
  mode: string;
  log: (m: string) => void;
}

export const PICTURES_FULL = {
  articles: 12,
  products: 6,
  recipes: 6,
  burst: 20,
  readSeconds: 10,
  connections: 20,
};
export const PICTURES_QUICK = {
  articles: 3,
  products: 1,
  recipes: 1,
  burst: 4,
  readSeconds: 3,
  connections: 20,
};

interface Viewport {
  name: string;
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
}

export const VIEWPORTS: Viewport[] = [
  { name: '390×844 DPR 3', width: 390, height: 844, dpr: 3, mobile: true },
  { name: '1280×800 DPR 1', width: 1280, height: 800, dpr: 1, mobile: false },
];

export interface ShownPicture {
  /** The file the browser chose (`currentSrc`), its name only. */
  src: string;
  /** Where that request ended (a rung not made yet redirects to its original). */
  loaded: string;
  /** The loaded file's width in pixels. */
  fileWidth: number;
  /** What the browser reports (density-corrected for a srcset). */
  naturalWidth: number;
  renderedWidth: number;
  /** renderedWidth × DPR. */
  neededWidth: number;
  /** fileWidth / neededWidth. */
  ratio: number;
  /** An upload (a picture with sizes), not a demo file. */
  upload: boolean;
}

export interface PageFigures {
  viewport: string;
  page: string;
  path: string;
  /** `<img>` shown (a box on the page, a file loaded). */
  pictures: number;
  uploads: number;
  imageRequests: number;
  redirects: number;
  /** Bodies of every image response. */
  bytes: number;
  /** The same with headers, as CDP counts them (encodedDataLength). */
  wireBytes: number;
  /** The same pictures when every upload is its original only (the old behaviour). */
  originalsBytes: number;
  share: number;
  /** Largest and smallest fileWidth / neededWidth among uploads (null: no upload shown). */
  worstRatio: number | null;
  worstSrc: string | null;
  smallestRatio: number | null;
  /** Largest ratio among other pictures (demo files: one size only). */
  otherWorstRatio: number | null;
  shown: ShownPicture[];
}

export interface ReadWindow {
  seconds: number;
  requests: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  failures: number;
  /** Cores used by the server and by the load generator meanwhile. */
  cores: string;
}

export interface PicturesResult {
  meta: {
    startedAt: string;
    durationS: number;
    mode: string;
    database: string;
    node: string;
    cpus: number;
    counts: { articles: number; products: number; recipes: number };
    burst: number;
    readSeconds: number;
    connections: number;
  };
  budgets: typeof PICTURE_BUDGET;
  photos: Array<Omit<Photo, 'file'>>;
  uploads: Array<{
    kind: Dressed['kind'];
    id: number;
    photo: string;
    bytes: number;
    ms: number;
    topMs: number;
    allMs: number;
  }>;
  pages: PageFigures[];
  burst: {
    uploads: number;
    failed: number;
    firstError?: string;
    answerMs: { p50: number; max: number };
    /** Fired → last answer. */
    windowS: number;
    /** Fired → every picture's sizes served. */
    sizesReadyS: number;
    reads: { before: ReadWindow; duringUploads: ReadWindow; whileSizes: ReadWindow };
    readPaths: string[];
  };
  rss: {
    idleMb: number;
    peakSampledMb: number;
    hwmMb: number;
    byStep: Record<string, number>;
    /** The picture encoder child's peak sampled RSS (a process of its own since issue 39). */
    encoderPeakMb: number;
  };
  notes: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0) : 0;
};
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1).split(/[?#]/)[0] ?? '';

/** Peak resident memory of a process over its life (VmHWM), MB; 0 once it is gone. */
function hwmMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (MB) of the server's child processes: the picture encoder (api/src/pictures/encoder.ts). */
function childrenRssMb(pid: number): number {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    let kb = 0;
    for (const kid of kids) {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${kid}/status`, 'utf8'))?.[1] ?? 0);
    }
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/**
 * Anonymous reads at `connections` until `until` settles (or `seconds` pass): requests per second,
 * latency, and the cores the server and this process used meanwhile.
 */
async function readWindow(
  base: string,
  paths: string[],
  connections: number,
  server: Child,
  until: Promise<unknown> | number,
): Promise<ReadWindow> {
  const times: number[] = [];
  const cores = cpuSplit({
    server: (pid) => pid === server.pid,
    'load generator': (pid) => pid === process.pid,
  });
  const started = performance.now();
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        duration: typeof until === 'number' ? until : 3600,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  instance?.on('response', (_client, _status, _bytes, ms) => {
    times.push(ms);
  });
  if (typeof until !== 'number') {
    await until.catch(() => undefined);
    instance?.stop();
  }
  const result = await finished;
  const seconds = (performance.now() - started) / 1000;
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    seconds: Number(seconds.toFixed(1)),
    requests: result.requests.total,
    requestsPerSec: Math.round((result.requests.total - result.non2xx) / seconds),
    p50: Number(percentile(times, 50).toFixed(1)),
    p99: Number(percentile(times, 99).toFixed(1)),
    failures,
    cores: cores(),
  };
}

interface Req {
  url: string;
  finalUrl: string;
  type?: string;
  body: number;
  wire: number;
  redirects: number;
  done: boolean;
  failed: boolean;
}

/** Scroll to the bottom a screen at a time, as a reader does, so every lazy picture loads. */
async function scrollThrough(page: Page) {
  for (let i = 0, bottomTwice = 0; i < 500 && bottomTwice < 2; i++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.75));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    bottomTwice = atBottom ? bottomTwice + 1 : 0;
    await sleep(80);
  }
}

/** Every shown picture loaded, and no image request in flight for half a second. */
async function settle(page: Page, requests: Map<string, Req>) {
  await page
    .waitForFunction(
      () =>
        Array.from(document.images)
          .filter((img) => img.getBoundingClientRect().width > 0)
          .every((img) => img.complete),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if ([...requests.values()].some((r) => r.type === 'Image' && !r.done)) quietSince = Date.now();
    else if (Date.now() - quietSince > 500) return;
    await sleep(100);
  }
}

/** The original an upload's address stands for (a rung's, or itself), or null for any other file. */
function originalOf(url: string): string | null {
  const name = fileName(url);
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  if (!dir.endsWith('/uploads/')) return null;
  const rung = parseRungName(name);
  if (rung) return dir + rung.original.name;
  return parseOriginalName(name) ? dir + name : null;
}

/** The width in pixels of a loaded upload, from its name; null for any other file. */
function uploadWidth(url: string): number | null {
  const name = fileName(url);
  const rung = parseRungName(name);
  if (rung) return rung.width;
  return parseOriginalName(name)?.width ?? null;
}

const originalSizes = new Map<string, Promise<number>>();
/** Bytes of an original as the server sends it (what every page fetched before sizes). */
function originalBytes(url: string): Promise<number> {
  let size = originalSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return (await res.arrayBuffer()).byteLength;
    });
    originalSizes.set(url, size);
  }
  return size;
}

async function figures(
  page: Page,
  requests: Map<string, Req>,
  vp: Viewport,
  name: string,
  pagePath: string,
): Promise<PageFigures> {
  const images = [...requests.values()].filter((r) => r.type === 'Image' && r.done && !r.failed);
  const byUrl = new Map(images.map((r) => [r.url, r]));
  const originals = new Set<string>();
  let other = 0;
  for (const r of images) {
    const original = originalOf(r.url);
    if (original) originals.add(original);
    else other += r.body;
  }
  const originalsBytes =
    other + (await Promise.all([...originals].map(originalBytes))).reduce((a, b) => a + b, 0);
  const raw = await page.$$eval('img', (imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
      width: img.getBoundingClientRect().width,
    })),
  );
  const shown: ShownPicture[] = raw
    .filter((i) => i.width > 0 && i.currentSrc && i.naturalWidth > 0)
    .map((i) => {
      const loaded = byUrl.get(i.currentSrc)?.finalUrl ?? i.currentSrc;
      const upload = originalOf(i.currentSrc) !== null;
      const fileWidth = uploadWidth(loaded) ?? i.naturalWidth;
      const neededWidth = Math.round(i.width * vp.dpr);
      return {
        src: fileName(i.currentSrc),
        loaded: fileName(loaded),
        fileWidth,
        naturalWidth: i.naturalWidth,
        renderedWidth: Math.round(i.width * 10) / 10,
        neededWidth,
        ratio: Number((fileWidth / neededWidth).toFixed(2)),
        upload,
      };
    });
  const uploads = shown.filter((s) => s.upload);
  const worst = uploads.reduce<ShownPicture | null>((w, s) => (!w || s.ratio > w.ratio ? s : w), null);
  const others = shown.filter((s) => !s.upload);
  const bytes = images.reduce((a, r) => a + r.body, 0);
  return {
    viewport: vp.name,
    page: name,
    path: pagePath,
    pictures: shown.length,
    uploads: uploads.length,
    imageRequests: images.length,
    redirects: images.reduce((a, r) => a + r.redirects, 0),
    bytes,
    wireBytes: images.reduce((a, r) => a + r.wire, 0),
    originalsBytes,
    share: originalsBytes ? Number((bytes / originalsBytes).toFixed(3)) : 0,
    worstRatio: worst?.ratio ?? null,
    worstSrc: worst?.src ?? null,
    smallestRatio: uploads.length ? Math.min(...uploads.map((s) => s.ratio)) : null,
    otherWorstRatio: others.length ? Math.max(...others.map((s) => s.ratio)) : null,
    shown,
  };
}

/** One page in a fresh context (empty cache), scrolled through; /news then Load More `morePages` times. */
async function measurePage(
  browser: Browser,
  siteUrl: string,
  vp: Viewport,
  target: { name: string; path: string; morePages?: number },
): Promise<PageFigures[]> {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    deviceScaleFactor: vp.dpr,
    isMobile: vp.mobile,
    hasTouch: vp.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, Req>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const known = requests.get(e.requestId);
      if (known) {
        // A redirect: the same request goes on to its new address.
        known.finalUrl = e.request.url;
        known.redirects++;
        known.wire += e.redirectResponse?.encodedDataLength ?? 0;
        return;
      }
      requests.set(e.requestId, {
        url: e.request.url,
        finalUrl: e.request.url,
        type: e.type,
        body: 0,
        wire: 0,
        redirects: 0,
        done: false,
        failed: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.type = e.type;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.body += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.wire += e.encodedDataLength;
      r.done = true;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.done = true;
      r.failed = true;
    });
    await cdp.send('Network.enable');
    await page.goto(siteUrl + target.path, { waitUntil: 'load' });
    await scrollThrough(page);
    await settle(page, requests);
    const out = [await figures(page, requests, vp, target.name, target.path)];
    for (let n = 0; n < (target.morePages ?? 0); n++) {
      const more = page.getByRole('button', { name: 'Load More Articles' });
      if (!(await more.count())) break;
      const before = await page.evaluate(() => document.images.length);
      await more.click();
      await page.waitForFunction((count) => document.images.length > count, before, { timeout: 15_000 });
      await scrollThrough(page);
      await settle(page, requests);
      out.push(await figures(page, requests, vp, `${target.name} + Load More ×${n + 1}`, target.path));
    }
    return out;
  } finally {
    await context.close();
  }
}

/** The whole measurement; the server, its temporary database and the browser are gone when it returns. */
export async function measurePictures(opts: PicturesOptions): Promise<PicturesResult> {
  const startedAt = new Date();
  const { log } = opts;
  const notes: string[] = [];
  log('Pictures (issue 39): real photographs…');
  const photos = await preparePhotos(log);
  for (const p of photos) log(`  ${describePhoto(p)}`);

  const temporary = opts.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-pictures-'));
  const dataDir = temporary ?? opts.dataDir ?? tmpdir();
  const email = benchAdminEmail();
  log(`Starting the production server (${opts.databaseUrl ? 'PostgreSQL' : 'fresh PGlite'}, demo content)…`);
  const server = await startCompiledServer({
    ...productionServerEnv(opts.databaseUrl, dataDir),
    // The demo content (when the database is empty), and an admin named before it signs up.
    SEED_DEMO: 'true',
    ADMIN_EMAILS: email,
    LINK_CHECK_CRON: 'off',
  });
  const idleMb = server.rssMb();
  let peakSampledMb = idleMb;
  // The peak of each step apart: which of them takes the memory.
  const phases: Record<string, number> = {};
  let phase = 'start';
  let encoderPeakMb = 0;
  const sampler = setInterval(() => {
    const now = server.rssMb();
    encoderPeakMb = Math.max(encoderPeakMb, childrenRssMb(server.pid));
    peakSampledMb = Math.max(peakSampledMb, now);
    phases[phase] = Math.max(phases[phase] ?? 0, now);
  }, 100);
  try {
    const cookie = await adminCookie(server.url, email);

    log(
      `Uploading the photos onto ${opts.articles} articles, ${opts.products} products and ${opts.recipes} recipes, one at a time…`,
    );
    phase = 'uploads one at a time';
    const dressed = await dressSite(server.url, cookie, photos, opts, log);
    const newest = dressed.find((d) => d.kind === 'article')?.slug;
    const slug =
      newest ??
      ((await (await fetch(`${server.url}/api/content?limit=1`)).json()) as { slug: string }[])[0]?.slug;
    if (!slug) throw new Error('no published article: the demo content was not seeded');

    const pages: PageFigures[] = [];
    phase = 'pages';
    if (opts.browser) {
      log('Measuring the pages in Chromium…');
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      try {
        for (const vp of VIEWPORTS) {
          for (const target of [
            { name: '/news', path: '/news', morePages: 1 },
            { name: 'article', path: `/content/${slug}` },
            { name: 'home', path: '/' },
            { name: '/shop', path: '/shop' },
            { name: '/recipes', path: '/recipes' },
          ]) {
            for (const f of await measurePage(browser, server.url, vp, target)) {
              pages.push(f);
              log(
                `  ${vp.name} ${f.page}: ${f.bytes.toLocaleString('en-GB')} B with sizes vs ${f.originalsBytes.toLocaleString('en-GB')} B originals only (${(f.share * 100).toFixed(1)}%), ${f.pictures} pictures (${f.uploads} uploads), worst loaded/needed ${f.worstRatio ?? '–'}`,
              );
            }
          }
        }
      } finally {
        await browser.close();
      }
    } else notes.push('Pages not measured (no browser).');

    log(`${opts.burst} uploads at once while readers read…`);
    const readPaths = ['/api/content?limit=20', `/content/${slug}`];
    phase = 'reads before';
    await readWindow(server.url, readPaths, opts.connections, server, Math.min(2, opts.readSeconds));
    const before = await readWindow(server.url, readPaths, opts.connections, server, opts.readSeconds);
    const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
    for (const p of photos) bytes.set(p.file, new Uint8Array(await readFile(p.file)));
    phase = 'burst: uploads';
    const fired = performance.now();
    const answers = Promise.allSettled(
      Array.from({ length: opts.burst }, async (_, i) => {
        const photo = photos[i % photos.length]!;
        const upload = await uploadPhoto(server.url, cookie, photo, bytes.get(photo.file)!);
        return { upload, answeredAt: performance.now() };
      }),
    );
    const duringUploads = await readWindow(server.url, readPaths, opts.connections, server, answers);
    const settled = await answers;
    const windowS = (performance.now() - fired) / 1000;
    const done = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    phase = 'burst: sizes';
    const whileSizes = await readWindow(server.url, readPaths, opts.connections, server, opts.readSeconds);
    log('  waiting for every picture of the burst to have its sizes…');
    let sizesReadyMs = 0;
    for (const { upload } of done) {
      sizesReadyMs = Math.max(sizesReadyMs, (await waitForSizes(upload.imageUrl, fired, 15 * 60_000)).allMs);
    }
    const answerMs = done.map((d) => d.upload.ms);
    const hwm = hwmMb(server.pid);
    if (failed.length) notes.push(`${failed.length} of the burst's uploads failed.`);
    if (!opts.databaseUrl) {
      notes.push(
        "On PGlite the database runs inside the server process, so its memory is the server's too: the RSS budget is PostgreSQL's (DATABASE_URL).",
      );
    }

    const uploads = dressed.map((d) => ({
      kind: d.kind,
      id: d.id,
      photo: d.upload.photo,
      bytes: d.upload.bytes,
      ms: Math.round(d.upload.ms),
      topMs: Math.round(d.sizes.topMs),
      allMs: Math.round(d.sizes.allMs),
    }));
    return {
      meta: {
        startedAt: startedAt.toISOString(),
        durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
        mode: opts.mode,
        database: opts.databaseUrl ? 'postgres' : 'pglite',
        node: process.version,
        cpus: cpus().length,
        counts: { articles: opts.articles, products: opts.products, recipes: opts.recipes },
        burst: opts.burst,
        readSeconds: opts.readSeconds,
        connections: opts.connections,
      },
      budgets: PICTURE_BUDGET,
      photos: photos.map(({ file: _file, ...p }) => p),
      uploads,
      pages,
      burst: {
        uploads: opts.burst,
        failed: failed.length,
        firstError: failed[0] ? String((failed[0].reason as Error)?.message ?? failed[0].reason) : undefined,
        answerMs: { p50: Math.round(percentile(answerMs, 50)), max: Math.round(Math.max(0, ...answerMs)) },
        windowS: Number(windowS.toFixed(1)),
        sizesReadyS: Number((sizesReadyMs / 1000).toFixed(1)),
        reads: { before, duringUploads, whileSizes },
        readPaths,
      },
      rss: { idleMb, peakSampledMb, hwmMb: hwm, byStep: phases, encoderPeakMb },
      notes,
    };
  } catch (err) {
    log(server.output().slice(-3000));
    throw err;
  } finally {
    clearInterval(sampler);
    await server.stop();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-GB');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ok = (met: boolean) => (met ? 'ok' : '**MISSED**');
const change = (w: ReadWindow, base: ReadWindow) =>
  base.requestsPerSec ? (w.requestsPerSec - base.requestsPerSec) / base.requestsPerSec : 0;

/** The figures as markdown: what the bench prints and writes beside the JSON. */
export function picturesMarkdown(r: PicturesResult): string[] {
  const b = r.budgets;
  const m = r.meta;
  const out = [
    '## Pictures sized for each screen (issue 39)',
    '',
    `${m.startedAt} · ${m.mode} · ${m.database} with the demo content · Node ${m.node} · ${m.cpus} CPUs · photos on ${m.counts.articles} newest articles, ${m.counts.products} products, ${m.counts.recipes} recipes · took ${m.durationS} s`,
    '',
    `Photos (Debian's mate-backgrounds and ukui-wallpapers; over 5 MB scaled as the admin client does): ${r.photos.map((p) => describePhoto({ ...p, file: '' })).join('; ')}.`,
    '',
  ];
  if (r.uploads.length) {
    const maxMs = Math.max(...r.uploads.map((u) => u.ms));
    const maxReady = Math.max(...r.uploads.map((u) => u.allMs));
    const p50 = percentile(
      r.uploads.map((u) => u.ms),
      50,
    );
    out.push(
      `**Uploads, one at a time:** answer p50 ${int(p50)} ms, max ${int(maxMs)} ms — ${ok(maxMs < b.uploadAnswerMs)} (budget < ${int(b.uploadAnswerMs)} ms for a 4.4 MB photo); sizes served ${(maxReady / 1000).toFixed(1)} s at most after the answer — ${ok(maxReady < b.sizesReadyMs)} (budget < ${b.sizesReadyMs / 1000} s)`,
      '',
      '| item | photo | bytes sent | answer | largest rung served | every rung served |',
      '|---|---|---:|---:|---:|---:|',
      ...r.uploads.map(
        (u) =>
          `| ${u.kind} ${u.id} | ${u.photo} | ${int(u.bytes)} | ${int(u.ms)} ms | ${(u.topMs / 1000).toFixed(1)} s | ${(u.allMs / 1000).toFixed(1)} s |`,
      ),
      '',
    );
  }
  if (r.pages.length) {
    out.push(
      '**Pages** (fresh browser cache each, scrolled to the bottom; image bodies, every image of the page; "originals only" = each upload as its original, as before sizes, other images as they came):',
      '',
      '| screen | page | pictures (uploads) | bytes with sizes | originals only | share | budget | worst loaded / needed (uploads) | smallest | demo files worst |',
      '|---|---|---:|---:|---:|---:|---|---:|---:|---:|',
    );
    for (const p of r.pages) {
      const budgeted = p.viewport.startsWith('390') && (p.page === '/news' || p.page === 'article');
      const shareBudget = budgeted ? `${ok(p.share <= b.shareAt390)} (≤ ${pct(b.shareAt390)})` : '–';
      const ratioBudget =
        p.viewport.startsWith('1280') && p.worstRatio !== null
          ? ` ${ok(p.worstRatio <= b.worstRatioAt1280)} (≤ ${b.worstRatioAt1280}×)`
          : '';
      out.push(
        `| ${p.viewport} | ${p.page} | ${p.pictures} (${p.uploads}) | ${int(p.bytes)} | ${int(p.originalsBytes)} | ${pct(p.share)} | ${shareBudget} | ${p.worstRatio ?? '–'}${ratioBudget} | ${p.smallestRatio ?? '–'} | ${p.otherWorstRatio ?? '–'} |`,
      );
    }
    const redirects = r.pages.reduce((a, p) => a + p.redirects, 0);
    out.push(
      '',
      `Issue 39 as filed, 390 px DPR 3, a 6,028 × 3,391 photo on the 12 newest articles: 1,166,534 B for /news, 194,970 B for an article page. Redirects to an original (sizes not made yet) met by the pages: ${redirects}.`,
      '',
    );
  }
  const k = r.burst;
  const during = change(k.reads.duringUploads, k.reads.before);
  const after = change(k.reads.whileSizes, k.reads.before);
  const within = (x: number) => ok(x >= -b.readDrop);
  out.push(
    `**${k.uploads} uploads at once** (${k.failed} failed${k.firstError ? `: ${k.firstError}` : ''}): answers p50 ${int(k.answerMs.p50)} ms, max ${int(k.answerMs.max)} ms, the last ${k.windowS} s after they were fired; every size served ${k.sizesReadyS} s after.`,
    '',
    `| anonymous reads (${m.connections} connections: ${k.readPaths.join(', ')}) | seconds | req/s | p50 | p99 | failed | change | cores (server, load generator) |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
    `| before | ${k.reads.before.seconds} | ${int(k.reads.before.requestsPerSec)} | ${k.reads.before.p50} ms | ${k.reads.before.p99} ms | ${k.reads.before.failures} | – | ${k.reads.before.cores} |`,
    `| during the uploads | ${k.reads.duringUploads.seconds} | ${int(k.reads.duringUploads.requestsPerSec)} | ${k.reads.duringUploads.p50} ms | ${k.reads.duringUploads.p99} ms | ${k.reads.duringUploads.failures} | ${(during * 100).toFixed(0)}% ${within(during)} | ${k.reads.duringUploads.cores} |`,
    `| while their sizes are made | ${k.reads.whileSizes.seconds} | ${int(k.reads.whileSizes.requestsPerSec)} | ${k.reads.whileSizes.p50} ms | ${k.reads.whileSizes.p99} ms | ${k.reads.whileSizes.failures} | ${(after * 100).toFixed(0)}% ${within(after)} | ${k.reads.whileSizes.cores} |`,
    '',
    `Budget: reads within ${pct(b.readDrop)} of their rate before. Server memory: ${r.rss.idleMb} MB after start, VmHWM ${r.rss.hwmMb} MB (the picture encoder, a child process: peak ${r.rss.encoderPeakMb} MB) — ${ok(r.rss.hwmMb < b.rssMb)} (budget < ${b.rssMb} MB); peak RSS by step (sampled every 100 ms): ${Object.entries(
      r.rss.byStep,
    )
      .map(([step, mb]) => `${step} ${mb} MB`)
      .join(', ')}`,
    '',
    ...r.notes.map((n) => `- ${n}`),
    ...(r.notes.length ? [''] : []),
  );
  return out;
}
