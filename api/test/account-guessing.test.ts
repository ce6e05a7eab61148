import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { dbTargets, signUp, testApp } from './helpers';

const TOO_MANY_SIGN_INS_MESSAGE =
  'Too many sign-in attempts for this account. Please wait a few minutes and try again.';

/**
 * Issue 27 §2 and §3 behind a trusted proxy (TRUST_PROXY=true, as testApp sets): every request
 * claims a new client address, as an attacker rotating addresses would, so better-auth's limit per
 * address never triggers and only the per-account limit stands between them and the password.
 */
describe.each(dbTargets)('guessing at accounts on %s', (kind) => {
  let booted: Booted;
  let ip = 0;
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());

  const nextIp = () => `198.18.${(++ip >> 8) & 255}.${ip & 255}`;
  const post = (path: string, body: unknown) =>
    booted.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': nextIp(),
      },
      body: JSON.stringify(body),
    });
  const signIn = async (email: string, password: string) => {
    const res = await post('/api/auth/sign-in/email', { email, password });
    return { status: res.status, body: (await res.json()) as { message?: string }, res };
  };
  /** Ends the account's current wait, as if the time had passed. */
  const waitOver = (minutesAgo = 0) =>
    booted.deps.db.execute(
      sql`update sign_in_attempts set locked_until = now() - ${`${minutesAgo} minutes`}::interval where locked_until is not null`,
    );

  it('100 guesses at one account from 100 addresses: 10 are checked, the other 90 get 429 (issue 27 §2)', async () => {
    const { email } = await signUp(booted.app);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await signIn(email, `wrong-password-${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));
    // Even the right password waits: nothing is checked during the wait.
    const right = await signIn(email, 'correct-horse-battery');
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
    const retry = Number(right.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it('the account is counted however its address is spelled (case, spaces), and its first wait is a minute', async () => {
    const { email } = await signUp(booted.app);
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong-password-${i}`)).status).toBe(401);
    const respelled = await signIn(`  ${email.toUpperCase()} `, 'wrong-again');
    expect(respelled.status).toBe(429);
    // The wait began with the 10th attempt: about 60 s remain, never rounded down to nothing.
    expect(Number(respelled.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
  });

  it('Retry-After tells the time left of the wait, not a fixed minute', async () => {
    const { email } = await signUp(booted.app);
    for (let i = 0; i < 10; i++) await signIn(email, `wrong-password-${i}`);
    await booted.deps.db.execute(
      sql`update sign_in_attempts set locked_until = now() + interval '20 seconds' where locked_until > now()`,
    );
    const refused = await signIn(email, 'wrong-again');
    expect(refused.status).toBe(429);
    const retry = Number(refused.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(15);
    expect(retry).toBeLessThanOrEqual(20);
  });

  it('an address without an account gets exactly the same answers, so the limit tells nothing', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await signIn(`nobody-${kind}@example.com`, `wrong-password-${i}`);
      seen.push(`${r.status} ${r.body.message}`);
    }
    expect(seen).toEqual([
      ...Array(10).fill('401 Invalid email or password'),
      ...Array(2).fill(`429 ${TOO_MANY_SIGN_INS_MESSAGE}`),
    ]);
  });

  it('the waits grow (1, 2, 4 minutes) but end: the owner signs in after one, and that clears the count', async () => {
    const { email } = await signUp(booted.app);
    for (let i = 0; i < 10; i++) await signIn(email, 'wrong-password');
    const waitMinutes = async () => {
      const res = await booted.deps.db.execute(
        sql`select round(extract(epoch from locked_until - now()) / 60)::int as m from sign_in_attempts where locked_until > now() order by last_attempt_at desc limit 1`,
      );
      const rows = (res as unknown as { rows?: { m: number }[] }).rows ?? (res as unknown as { m: number }[]);
      return rows.map((r) => r.m);
    };
    expect(await waitMinutes()).toEqual([1]);
    await waitOver();
    expect((await signIn(email, 'wrong-again')).status).toBe(401);
    expect(await waitMinutes()).toEqual([2]);
    await waitOver();
    expect((await signIn(email, 'wrong-again')).status).toBe(401);
    expect(await waitMinutes()).toEqual([4]);
    await waitOver();
    // The wait is over: the owner's password works, and the account starts afresh.
    expect((await signIn(email, 'correct-horse-battery')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'wrong-password')).status).toBe(401);
    expect((await signIn(email, 'correct-horse-battery')).status).toBe(200);
  });

  it('15 quiet minutes after the last wait forget the attempts', async () => {
    const { email } = await signUp(booted.app);
    for (let i = 0; i < 10; i++) await signIn(email, 'wrong-password');
    await waitOver(16);
    // Counted from 1 again: nine more wrong guesses are checked, not refused.
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'wrong-password')).status).toBe(401);
  });

  it('a burst of 30 guesses at once still has only 10 checked', async () => {
    const { email } = await signUp(booted.app);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(email, `burst-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((x) => x === 401)).toHaveLength(10);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20);
  });

  it('no email address is stored: the table holds salted hashes only', async () => {
    const rows = (await booted.deps.db.execute(sql`select * from sign_in_attempts`)) as unknown as
      | { rows: unknown[] }
      | unknown[];
    const list = Array.isArray(rows) ? rows : rows.rows;
    expect(list.length).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toMatch(/@/);
  });
});

/** What reaches the per-account count besides a JSON sign-in (auth/sign-in-throttle.ts). */
describe.each(dbTargets)('the sign-in count on %s: other bodies and old rows', (kind) => {
  let booted: Booted;
  let ip = 0;
  const rows = async () => {
    const res = await booted.deps.db.execute(sql`select attempts from sign_in_attempts order by account`);
    return (Array.isArray(res) ? res : (res as unknown as { rows: unknown[] }).rows) as {
      attempts: number;
    }[];
  };
  const raw = (contentType: string, body: string) =>
    booted.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': contentType,
        origin: 'http://localhost:3000',
        'x-forwarded-for': `198.20.${(++ip >> 8) & 255}.${ip & 255}`,
      },
      body,
    });
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());

  // First, so this app's first sign-in request is the one that sweeps (one sweep per instance per 5 min).
  it('old rows are swept: quiet for 30 minutes past the last attempt and past the wait, never sooner', async () => {
    const ago = (minutes: number) => sql`now() - ${`${minutes} minutes`}::interval`;
    await booted.deps.db.execute(sql`insert into sign_in_attempts (account, attempts, last_attempt_at, locked_until) values
      ('quiet-40', 3, ${ago(40)}, null),
      ('waited-until-35', 12, ${ago(40)}, ${ago(35)}),
      ('waited-until-20', 12, ${ago(40)}, ${ago(20)}),
      ('quiet-20', 3, ${ago(20)}, null),
      ('quiet-29', 3, ${ago(29)}, null)`);
    expect(
      (await raw('application/json', JSON.stringify({ email: 'sweeper@example.com', password: 'x1234567' })))
        .status,
    ).toBe(401);
    const left = await booted.deps.db.execute(sql`select account from sign_in_attempts order by account`);
    const names = (
      (Array.isArray(left) ? left : (left as unknown as { rows: unknown[] }).rows) as { account: string }[]
    )
      .map((r) => r.account)
      .filter((a) => !/^[0-9a-f]{40}$/.test(a)); // the sweeper's own row, a hashed key
    expect(names).toEqual(['quiet-20', 'quiet-29', 'waited-until-20']);
  });

  it('a form-encoded guess counts the same as a JSON one', async () => {
    const { email } = await signUp(booted.app);
    const form = new URLSearchParams({ email, password: 'wrong-password' }).toString();
    for (let i = 0; i < 10; i++) await raw('application/x-www-form-urlencoded', form);
    const json = await raw('application/json', JSON.stringify({ email, password: 'correct-horse-battery' }));
    expect(json.status).toBe(429);
  });

  it('a body with no usable email is left to better-auth and counts for nothing', async () => {
    await booted.deps.db.execute(sql`delete from sign_in_attempts`);
    for (const body of [
      '{"email":',
      '{"email":"   ","password":"x1234567"}',
      '{"password":"x1234567"}',
      'null',
    ]) {
      const res = await raw('application/json', body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
    expect(await rows()).toEqual([]);
  });
});

describe.each(dbTargets)(
  'sign-up does not tell whether an email has an account on %s (issue 27 §3)',
  (kind) => {
    let booted: Booted;
    let ip = 0;
    beforeAll(async () => {
      // The production default of the answer-time floor (testEnv turns it off for speed elsewhere).
      booted = await testApp(kind, { env: { SIGN_UP_MIN_MS: '400' } });
    });
    afterAll(async () => booted?.close());

    const signUpAs = (email: string, password = 'another-password-9') =>
      booted.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-forwarded-for': `198.19.${(++ip >> 8) & 255}.${ip & 255}`,
        },
        body: JSON.stringify({ email, password, name: 'Someone Else', firstName: 'Some', lastName: 'One' }),
      });
    /** The answer with what differs by nature (ids, times, the address) taken out. */
    const shape = async (res: Response) => {
      const body = (await res.json()) as { token: unknown; user: Record<string, unknown> };
      return {
        status: res.status,
        cookies: res.headers.getSetCookie(),
        token: body.token,
        userKeys: Object.keys(body.user).sort(),
        user: {
          ...body.user,
          id: typeof body.user.id,
          email: typeof body.user.email,
          createdAt: 'x',
          updatedAt: 'x',
        },
      };
    };

    it('a taken email and a new one get the same answer: 200, no session, a user of the same shape', async () => {
      const taken = await signUp(booted.app);
      const users = await booted.deps.db.$count(s.user);
      const forTaken = await shape(await signUpAs(taken.email));
      const forNew = await shape(await signUpAs(`new-${kind}-${Date.now()}@example.com`));
      expect(forTaken).toEqual(forNew);
      expect(forTaken).toMatchObject({ status: 200, cookies: [], token: null });
      // The taken account is untouched: its own password still works, the other one does not.
      expect(await booted.deps.db.$count(s.user)).toBe(users + 1);
      const [row] = await booted.deps.db.select().from(s.user).where(eq(s.user.email, taken.email));
      expect(row?.name).toBe('Test User');
    });

    it('takes the same time either way (medians of 12 sign-ups each within 10%)', async () => {
      const taken = await signUp(booted.app);
      const time = async (email: string) => {
        const started = performance.now();
        const res = await signUpAs(email);
        await res.arrayBuffer();
        return performance.now() - started;
      };
      const takenMs: number[] = [];
      const newMs: number[] = [];
      // Interleaved, so a busy moment of the machine falls on both.
      for (let i = 0; i < 12; i++) {
        takenMs.push(await time(taken.email));
        newMs.push(await time(`timing-${kind}-${i}-${Date.now()}@example.com`));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [a, b] = [median(takenMs), median(newMs)];
      console.log(`sign-up medians on ${kind}: taken ${a.toFixed(1)} ms, new ${b.toFixed(1)} ms`);
      expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.1);
      expect(Math.min(a, b)).toBeGreaterThanOrEqual(400);
    });
  },
);
