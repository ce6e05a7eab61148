import { DELAYS } from '@site/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}
interface ToastState extends ToastInput {
  id: number;
}

const ToastContext = createContext<(t: ToastInput) => void>(() => undefined);

/** Spec §8: one toast visible at a time (a new one replaces it), 5000 ms by default. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const toast = useCallback((t: ToastInput) => setCurrent({ ...t, id: Date.now() + Math.random() }), []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DELAYS.toastMs);
    return () => clearTimeout(timer);
  }, [current]);
  const value = useMemo(() => toast, [toast]);
  const destructive = current?.variant === 'destructive';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live={destructive ? 'assertive' : 'polite'}
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:justify-end"
      >
        {current && (
          <div
            key={current.id}
            role={destructive ? 'alert' : 'status'}
            data-variant={current.variant ?? 'default'}
            className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${
              destructive
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-stone-200 bg-white text-stone-900'
            }`}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{current.title}</p>
                {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
              </div>
              {current.action && (
                <button
                  type="button"
                  className="rounded border px-2 py-1 text-sm"
                  onClick={() => {
                    current.action?.onClick();
                    setCurrent(null);
                  }}
                >
                  {current.action.label}
                </button>
              )}
              <button
                type="button"
                aria-label="Dismiss notification"
                className="text-lg leading-none"
                onClick={() => setCurrent(null)}
              >
                ×
              </button>
            </div>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
