import { AI_CAP_MS } from '@site/shared';
import { useEffect, useState } from 'react';
import { useAiStatus } from './api';
import { buttonClass } from './fields';

/** Whole seconds since `running` turned true (0 when idle): an AI action's progress against its cap. */
export function useElapsedSeconds(running: boolean) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const t = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [running]);
  return seconds;
}

/**
 * The submit button of every AI tool: while the AI works it says so and counts up to the server's
 * cap (AI_CAP_MS, the same for every AI action), so nobody waits in silence.
 */
export function AiSubmitButton({ busy, idle, working }: { busy: boolean; idle: string; working: string }) {
  const elapsed = useElapsedSeconds(busy);
  const capSeconds = Math.round((useAiStatus().data?.capMs ?? AI_CAP_MS) / 1000);
  return (
    <button type="submit" className={buttonClass} disabled={busy} aria-label={busy ? working : undefined}>
      {busy ? (
        <>
          {working}{' '}
          <span className="font-normal tabular-nums">
            {elapsed} s (stops at {capSeconds} s)
          </span>
        </>
      ) : (
        idle
      )}
    </button>
  );
}
