const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "10 Jan 2026, 09:00": dates an editor sees are en-GB, Europe/London. */
export const formatLondon = (iso: string | Date) => londonTime.format(new Date(iso));
