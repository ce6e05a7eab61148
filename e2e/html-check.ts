import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

export interface HtmlPage {
  name: string;
  html: string;
}

/**
 * The Nu HTML Checker (vnu.jar, the W3C validator's engine) over many pages in one Java start.
 * Returns its errors as "page: line N: message". Needs Java 11 or later on the PATH.
 */
export async function nuErrors(pages: HtmlPage[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const files = pages.map((p, i) => {
      const file = path.join(dir, `${String(i).padStart(2, '0')}-${p.name}.html`);
      writeFileSync(file, p.html);
      return file;
    });
    const run = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
      {
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    const { messages } = JSON.parse(run.stderr) as {
      messages: { type: string; url: string; lastLine?: number; message: string }[];
    };
    return messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map(
        (m) =>
          `${path.basename(m.url).replace(/^\d+-|\.html$/g, '')}: line ${m.lastLine ?? '?'}: ${m.message}`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
