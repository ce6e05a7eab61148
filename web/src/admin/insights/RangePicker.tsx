import { clicksQuery, INSIGHTS, lastDays } from '@site/shared';
import { useState } from 'react';
import type { InsightsRange } from '../query-keys';
import { Button, TextField } from '../ui';

type Preset = (typeof INSIGHTS.presets)[number] | 'custom';

/** The report range: the last 7, 30 or 90 days (London), or two chosen days. Null while custom is invalid. */
export function useInsightsRange(initial: Preset = 30) {
  const [preset, setPreset] = useState<Preset>(initial);
  const [custom, setCustom] = useState<InsightsRange>(() => lastDays(30));
  const checked = clicksQuery.safeParse(custom);
  const range: InsightsRange | null =
    preset === 'custom' ? (checked.success ? custom : null) : lastDays(preset);
  const error = preset === 'custom' && !checked.success ? checked.error.issues[0]?.message : undefined;
  return { preset, setPreset, custom, setCustom, range, error };
}

export function RangePicker({ state, label }: { state: ReturnType<typeof useInsightsRange>; label: string }) {
  const { preset, setPreset, custom, setCustom, error } = state;
  return (
    <div className="space-y-2">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{label}</legend>
        {[...INSIGHTS.presets, 'custom' as const].map((p) => (
          <Button
            key={p}
            variant={preset === p ? 'primary' : 'secondary'}
            aria-pressed={preset === p}
            onClick={() => setPreset(p)}
          >
            {p === 'custom' ? 'Custom' : `${p} days`}
          </Button>
        ))}
      </fieldset>
      {preset === 'custom' && (
        <div className="grid max-w-md grid-cols-2 gap-2">
          <TextField
            label="From"
            type="date"
            value={custom.from}
            onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
          />
          <TextField
            label="To"
            type="date"
            value={custom.to}
            onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
          />
          {error && (
            <p role="alert" className="col-span-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
