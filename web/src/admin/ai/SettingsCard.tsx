import { useAiStatus } from './api';
import { Card } from './fields';

/** The model as configured (OPENAI_MODEL); only the default "gpt-4o" reads as the spec's "GPT-4o". */
export const modelLabel = (m: string) => (m === 'gpt-4o' ? 'GPT-4o' : m);

/** Settings card (spec §2): integration status, model, style, output format. */
export function SettingsCard() {
  const status = useAiStatus();
  const data = status.data;
  const configured = data?.configured ?? false;
  return (
    <Card title="AI Settings">
      {status.isPending ? (
        <p className="text-sm text-stone-500">Checking the AI integration…</p>
      ) : status.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the AI status.
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium text-stone-700">OpenAI integration</dt>
          <dd>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                configured ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
              }`}
            >
              {data.status}
            </span>
          </dd>
          <dt className="font-medium text-stone-700">Model</dt>
          <dd>{modelLabel(data.model)}</dd>
          <dt className="font-medium text-stone-700">Style</dt>
          <dd>{data.style}</dd>
          <dt className="font-medium text-stone-700">Output format</dt>
          <dd>{data.outputFormat}</dd>
        </dl>
      )}
      {data && !configured && (
        <p className="text-sm text-stone-600">Set OPENAI_API_KEY on the server to turn the AI tools on.</p>
      )}
    </Card>
  );
}
