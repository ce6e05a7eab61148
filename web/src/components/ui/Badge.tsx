import type { ReactNode } from 'react';

const tones = {
  brand: 'bg-brand-100 text-brand-800',
  green: 'bg-emerald-100 text-emerald-800',
  stone: 'bg-stone-100 text-stone-700',
} as const;

export function Badge({ children, tone = 'brand' }: { children: ReactNode; tone?: keyof typeof tones }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
