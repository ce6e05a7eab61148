import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encoderProcessEnv } from '../env';
import type { EncoderJob, EncoderReply, EncoderRequest } from './encoder';

/** A quiet encoder stops, so its memory goes back to the system; the next picture starts it again (~0.2 s). */
const IDLE_MS = 30_000;
/** One picture's step never takes this long unless something is wrong (a decode that hangs). */
const STEP_TIMEOUT_MS = 120_000;
/** The lowest CPU priority: readers' requests always come first (issue 39). */
const LOWEST_PRIORITY = 19;

/** The encoder process failed (it stopped, or could not be reached): not the picture's fault. */
export class EncoderUnavailable extends Error {}

type Encoded = { data: Buffer; width: number; height: number };
type Waiting = {
  resolve: (v: Encoded) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  /** The encoder the step was sent to: only its exit fails the step. */
  proc: ChildProcess;
};

/** Where the encoder's entry is: beside the compiled server (api/dist), or the TypeScript source under tsx. */
function encoderEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    return {
      file: path.join(path.dirname(here), 'encoder.ts'),
      execArgv: ['--import', pathToFileURL(tsx).href],
    };
  }
  // Bundled: this code sits in api/dist or api/dist/chunks; build.mjs emits dist/picture-encoder.js.
  const dir =
    path.basename(path.dirname(here)) === 'chunks' ? path.dirname(path.dirname(here)) : path.dirname(here);
  return { file: path.join(dir, 'picture-encoder.js'), execArgv: [] };
}

let child: ChildProcess | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();

/**
 * Fails the steps sent to `proc`. A stopped encoder's exit arrives after a new one may have started
 * (stopEncoder at an app's close, then the next picture): its exit must not fail the new one's steps
 * (an AI review answered 503 in 60 ms in CI that way).
 */
function fail(proc: ChildProcess, err: Error) {
  for (const [id, w] of waiting) {
    if (w.proc !== proc) continue;
    clearTimeout(w.timer);
    w.reject(err);
    waiting.delete(id);
  }
}

function start(): ChildProcess {
  const { file, execArgv } = encoderEntry();
  const proc = fork(file, [], {
    execArgv,
    // Two malloc arenas: libvips' threads otherwise keep hundreds of MB of freed pixel buffers.
    env: encoderProcessEnv(),
    // Buffers cross as bytes, not as JSON arrays of numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (proc.pid) os.setPriority(proc.pid, LOWEST_PRIORITY);
  } catch {
    /* not permitted here: it still runs, at normal priority */
  }
  proc.on('message', (reply: EncoderReply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    clearTimeout(w.timer);
    if (reply.ok) w.resolve({ data: Buffer.from(reply.data), width: reply.width, height: reply.height });
    else w.reject(new Error(reply.error));
    if (!waiting.size) armIdle();
  });
  proc.on('exit', () => {
    if (child === proc) child = null;
    fail(proc, new EncoderUnavailable('The picture encoder stopped.'));
  });
  proc.on('error', () => undefined);
  // Neither the child nor its channel keeps this process alive (a CLI, a test worker, a shutdown).
  proc.unref();
  (proc.channel as { unref?: () => void } | undefined)?.unref?.();
  return proc;
}

function armIdle() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    if (!waiting.size) stopEncoder();
  }, IDLE_MS);
  idle.unref();
}

function send(req: EncoderJob): Promise<Encoded> {
  if (idle) clearTimeout(idle);
  if (!child) child = start();
  const proc = child;
  const id = nextId++;
  return new Promise<Encoded>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A step this slow is stuck: the encoder goes, with every step it held (each caller reports it).
      proc.kill('SIGKILL');
    }, STEP_TIMEOUT_MS);
    timer.unref();
    waiting.set(id, { resolve, reject, timer, proc });
    proc.send({ ...req, id } as EncoderRequest, (err) => {
      if (!err) return;
      waiting.delete(id);
      clearTimeout(timer);
      reject(new EncoderUnavailable(err.message));
    });
  });
}

/** Re-encode an upload (checked already) in the encoder process. */
export const reencodeInEncoder = (bytes: Uint8Array, animated: boolean) =>
  send({ op: 'reencode', bytes, animated });

/** One rung of a picture's ladder, made in the encoder process. */
export const rungInEncoder = (original: Uint8Array, width: number, format: 'avif' | 'webp') =>
  send({ op: 'rung', bytes: original, width, format });

/** Stop the encoder now (server shutdown, tests); the next picture starts a new one. */
export function stopEncoder() {
  if (idle) clearTimeout(idle);
  idle = null;
  const proc = child;
  child = null;
  proc?.kill();
}

/** The encoder's process id while one runs (the bench reports its memory next to the server's). */
export const encoderPid = () => child?.pid ?? null;

/** Steps sent to the encoder and not answered yet. */
export const encoderSteps = () => waiting.size;
