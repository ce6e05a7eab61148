import { connect } from 'node:net';

/** Small HTTP helpers for tests that drive real server processes (no browser). */

/** Signs in by email and password like the sign-in page does; returns the Cookie header to send. */
export async function signInCookie(url: string, email: string, password: string, origin = url) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The demo admin a development server prints on start. */
export function demoAdmin(output: string) {
  const m = output.match(/Demo admin: (\S+) \/ (\S+)/);
  if (!m?.[1] || !m[2]) throw new Error('demo admin not printed');
  return { email: m[1], password: m[2] };
}

/** Whether a new TCP connection to the port is accepted (false once the listener is closed). */
export async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
