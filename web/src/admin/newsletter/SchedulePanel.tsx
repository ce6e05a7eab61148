import { formatDateTime, NEWSLETTER_DAYS, type NewsletterSettings } from '@site/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { Button, SelectField, Switch, TextField } from '../ui';
import { h2, refreshNewsletter, section } from './shared';

/** The weekly digest's day and time (London), on or off, and how fast mail leaves. */
export function SchedulePanel({ settings }: { settings: NewsletterSettings }) {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const [enabled, setEnabled] = useState(settings.digestEnabled);
  const [day, setDay] = useState(String(settings.digestDay));
  const [time, setTime] = useState(settings.digestTime);
  const [rate, setRate] = useState(String(settings.ratePerSecond));
  const save = useMutation({
    mutationFn: () =>
      api<NewsletterSettings>('PUT', '/api/admin/newsletter/settings', {
        digestEnabled: enabled,
        digestDay: Number(day),
        digestTime: time,
        ratePerSecond: Number(rate),
      }),
    onSuccess: () => {
      toast({ title: 'Saved', description: 'The schedule and rate are saved.' });
      void refreshNewsletter(qc);
    },
    onError: (err) => {
      if (!isUnauthorized(err))
        toast({ title: 'Not saved', description: serverMessage(err), variant: 'destructive' });
    },
  });
  return (
    <section className={section} aria-labelledby="nl-schedule">
      <h2 id="nl-schedule" className={h2}>
        Schedule and rate
      </h2>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="flex items-center gap-3 sm:col-span-2">
          <Switch checked={enabled} onChange={setEnabled} label="Send the weekly digest" />
          <span className="text-sm text-stone-800">Send the weekly digest</span>
        </div>
        <SelectField
          label="Day (UK time)"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          options={NEWSLETTER_DAYS.map((d, i) => ({ value: String(i), label: d }))}
        />
        <TextField
          label="Time (UK time, HH:MM)"
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
        <TextField
          label="Messages per second"
          type="number"
          min={1}
          max={1000}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            Save schedule
          </Button>
        </div>
        <p className="text-sm text-stone-600 sm:col-span-2" data-testid="next-digest">
          {settings.nextDigestAt
            ? `Next digest: ${formatDateTime(settings.nextDigestAt)}`
            : 'The weekly digest is off: nothing is sent until you turn it on.'}
        </p>
      </form>
    </section>
  );
}
