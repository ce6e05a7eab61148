import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The variables that point the site at this server (STORAGE=s3 and the rest). */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver's fixed keys: it checks SigV4 signatures made with them and refuses any others.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver: S3's REST API and SigV4 signature checks, files on disk)
 * on a free loopback port, with one empty bucket. Stands in for AWS S3, R2 or MinIO.
 */
export async function startS3Server(bucket = 'site-uploads'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface PausableS3Server extends S3TestServer {
  /** Stops the server's process (SIGSTOP): connections are still accepted, nothing is answered. */
  pause(): void;
  /** Lets it run again (SIGCONT): it reads what was sent meanwhile. */
  resume(): void;
}

/**
 * The same server in a process of its own, so a test can freeze it the way a store that stops
 * answering does (a hung host, a paused container): the kernel still accepts connections and takes
 * bytes, nothing comes back until it resumes.
 */
export async function startPausableS3Server(bucket = 'site-uploads'): Promise<PausableS3Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/s3rver-process.ts', bucket], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += String(c);
      const line = /^endpoint (\S+)$/m.exec(out);
      if (line) resolve(line[1]!);
    });
    child.once('exit', (code) => reject(new Error(`s3rver process exited (${code})`)));
  });
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    endpoint,
    bucket,
    env,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGCONT');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
