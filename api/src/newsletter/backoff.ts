/** The first pause after a server or domain says "not now"; each pause that ends in another refusal doubles it. */
export const PAUSE_FIRST_MS = 2_000;
/** Pauses grow to this and stay there while the outage lasts (one probe message every 5 minutes). */
export const PAUSE_MAX_MS = 5 * 60_000;

/** The key of a pause that holds every domain (a 421, or the relay unreachable). */
const SERVER = '*';

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Back-off of one issue's send, per destination domain (issue 40): a temporary refusal that is not
 * about one recipient pauses that domain, or every domain when the server itself refused, and the
 * recipients waiting for it keep their attempts. A refusal while already paused (the messages that
 * were in flight) does not lengthen the pause; one after the pause ended (the probe) doubles it; a
 * message accepted after the pause ended resets it.
 */
export class SendBackoff {
  private readonly pauses = new Map<string, { level: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** When sending to this domain may resume (0: now). */
  pausedUntil(domain: string): number {
    const t = this.now();
    const until = Math.max(this.pauses.get(SERVER)?.until ?? 0, this.pauses.get(domain)?.until ?? 0);
    return until > t ? until : 0;
  }

  /** A refusal: pause the domain (or all), and say until when. */
  pause(scope: 'server' | 'domain', domain: string): number {
    const key = scope === 'server' ? SERVER : domain;
    const t = this.now();
    const had = this.pauses.get(key);
    if (had && had.until > t) return had.until;
    const level = had ? had.level + 1 : 0;
    const until = t + Math.min(PAUSE_MAX_MS, PAUSE_FIRST_MS * 2 ** level);
    this.pauses.set(key, { level, until });
    return until;
  }

  /** A message to this domain was accepted: a pause that had ended is over for good. */
  accepted(domain: string) {
    const t = this.now();
    for (const key of [domain, SERVER]) {
      const had = this.pauses.get(key);
      if (had && had.until <= t) this.pauses.delete(key);
    }
  }

  get active(): boolean {
    const t = this.now();
    for (const p of this.pauses.values()) if (p.until > t) return true;
    return false;
  }
}

/**
 * Each issue's back-off, kept between the rounds of its send in this process (a round that ends during
 * a long pause comes back for the rest). Another instance taking over starts again from the first pause.
 */
const byIssue = new Map<number, SendBackoff>();

export function backoffFor(issueId: number): SendBackoff {
  let b = byIssue.get(issueId);
  if (!b) {
    b = new SendBackoff();
    byIssue.set(issueId, b);
  }
  return b;
}

export const forgetBackoff = (issueId: number) => byIssue.delete(issueId);
