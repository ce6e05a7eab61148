import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Part = { type: string; text?: string; image_url?: { url: string } };
/** The parts of a Chat Completions request the tests look at. */
export interface ChatBody {
  model: string;
  response_format: {
    type: string;
    json_schema: { strict: boolean; schema: { properties: Record<string, unknown> } };
  };
  messages: Array<{ role: string; content: string | Part[] }>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatBody;
}

type Behaviour =
  | { kind: 'answer'; json: unknown; delayMs?: number }
  | { kind: 'raw'; content: string }
  /** The model declines: `content` null, `refusal` its words (OpenAI's structured-output refusal). */
  | { kind: 'refusal'; refusal: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'hang' };

/**
 * A stand-in for the OpenAI Chat Completions API on 127.0.0.1, driven through the real `openai`
 * client. Each test sets what it answers and reads back what it received.
 */
export async function startFakeOpenAI() {
  let behaviour: Behaviour = { kind: 'status', status: 500 };
  const received: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* keep text */
      }
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: body as ChatBody,
      });
      const b = behaviour;
      if (b.kind === 'hang') {
        hanging.add(res);
        return;
      }
      // Like OpenAI, every answer carries the id its support asks for.
      const requestId = `req_test_${received.length}`;
      if (b.kind === 'status') {
        res.writeHead(b.status, {
          'content-type': 'application/json',
          'x-request-id': requestId,
          ...b.headers,
        });
        res.end(
          JSON.stringify({
            error: { message: b.message ?? `upstream says ${b.status}`, type: 'test', code: null },
          }),
        );
        return;
      }
      const content = b.kind === 'raw' ? b.content : b.kind === 'refusal' ? null : JSON.stringify(b.json);
      const refusal = b.kind === 'refusal' ? b.refusal : null;
      const delayMs = b.kind === 'answer' ? (b.delayMs ?? 0) : 0;
      // A slow model (the shutdown tests keep a request in flight with it).
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': requestId });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: (body as { model?: string })?.model ?? 'gpt-4o',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content, refusal },
                finish_reason: 'stop',
                logprobs: null,
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    /** The user message of the n-th request: its text and its image URL (if any). */
    userMessage(n = 0) {
      const content = received[n]?.body.messages.find((m) => m.role === 'user')?.content ?? '';
      if (typeof content === 'string') return { text: content, imageUrl: undefined };
      return {
        text: content.find((p) => p.type === 'text')?.text ?? '',
        imageUrl: content.find((p) => p.type === 'image_url')?.image_url?.url,
      };
    },
    set(b: Behaviour) {
      behaviour = b;
      received.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;
