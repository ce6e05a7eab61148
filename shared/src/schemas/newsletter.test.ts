import { describe, expect, it } from 'vitest';
import { issueLines } from './zod-issues';
import {
  newsletterSettingsInput,
  newsletterSponsorInput,
  newsletterSubscriberQuery,
  newsletterToken,
} from './newsletter';

const issues = issueLines;

describe('the newsletter admin inputs', () => {
  const sponsor = {
    name: ' Calm Tea ',
    body: ' A cup for the evening. ',
    linkUrl: 'https://tea.example/',
    runsFrom: '2026-12-01',
    runsUntil: '2026-12-07',
  };

  it('a sponsor runs from its first day to its last, one day at least, active unless said', () => {
    expect(newsletterSponsorInput.parse(sponsor)).toEqual({
      ...sponsor,
      name: 'Calm Tea',
      body: 'A cup for the evening.',
      active: true,
    });
    expect(newsletterSponsorInput.parse({ ...sponsor, runsUntil: '2026-12-01' }).runsUntil).toBe(
      '2026-12-01',
    );
    expect(issues(newsletterSponsorInput.safeParse({ ...sponsor, runsUntil: '2026-11-30' }))).toEqual([
      'runsUntil: The last day is before the first',
    ]);
    expect(issues(newsletterSponsorInput.safeParse({ ...sponsor, name: '   ' }))).toEqual([
      'name: Name is required',
    ]);
    expect(issues(newsletterSponsorInput.safeParse({ ...sponsor, body: '' }))).toEqual([
      'body: Text is required',
    ]);
    expect(issues(newsletterSponsorInput.safeParse({ ...sponsor, runsFrom: '1 Dec' }))).toEqual([
      'runsFrom: Use a date (YYYY-MM-DD)',
    ]);
  });

  it('the subscriber search: blank is no search, the status "all" unless asked, pages of 50', () => {
    expect(newsletterSubscriberQuery.parse({ q: '   ' })).toEqual({
      q: undefined,
      status: 'all',
      limit: 50,
      offset: 0,
    });
    expect(
      newsletterSubscriberQuery.parse({ q: ' ada ', status: 'bounced', limit: '200', offset: '1000000' }),
    ).toEqual({ q: 'ada', status: 'bounced', limit: 200, offset: 1_000_000 });
    expect(issues(newsletterSubscriberQuery.safeParse({ q: 'x'.repeat(201) }))[0]).toMatch(/^q: /);
    expect(issues(newsletterSubscriberQuery.safeParse({ status: 'sleeping' }))[0]).toMatch(/^status: /);
    expect(issues(newsletterSubscriberQuery.safeParse({ limit: '201' }))[0]).toMatch(/^limit: /);
    expect(issues(newsletterSubscriberQuery.safeParse({ offset: '-1' }))[0]).toMatch(/^offset: /);
  });

  it('settings: a digest time in 24-hour London time and a send rate of 1 to 1000 a second', () => {
    const ok = { digestEnabled: true, digestDay: 0, digestTime: '23:59', ratePerSecond: 1 };
    expect(newsletterSettingsInput.parse(ok)).toEqual(ok);
    expect(
      newsletterSettingsInput.parse({ ...ok, digestDay: 6, digestTime: '00:00', ratePerSecond: 1000 }),
    ).toBeTruthy();
    expect(issues(newsletterSettingsInput.safeParse({ ...ok, digestTime: '24:00' }))).toEqual([
      'digestTime: Use HH:MM (24-hour, London time)',
    ]);
    expect(issues(newsletterSettingsInput.safeParse({ ...ok, ratePerSecond: 0 }))).toEqual([
      'ratePerSecond: At least 1 message a second',
    ]);
    expect(issues(newsletterSettingsInput.safeParse({ ...ok, ratePerSecond: 1001 }))).toEqual([
      'ratePerSecond: At most 1000 a second',
    ]);
    expect(issues(newsletterSettingsInput.safeParse({ ...ok, digestDay: 7 }))[0]).toMatch(/^digestDay: /);
  });

  it('a one-time link token is base64url of a fixed size, nothing else', () => {
    expect(newsletterToken.parse('A'.repeat(43))).toBe('A'.repeat(43));
    for (const bad of ['short', 'x'.repeat(121), `${'A'.repeat(40)}'--`, `${'A'.repeat(40)} `]) {
      expect(issues(newsletterToken.safeParse(bad)), bad).toEqual([': Invalid link']);
    }
  });
});
