/**
 * Toasts: 4000 ms each, at most 3 visible (the oldest goes first).
 * Errors are announced assertively (role="alert"), the rest politely (role="status").
 */
import { TOAST } from '@clubs/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requiredContext } from './requiredContext.ts';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

interface ToastApi {
  toast(input: ToastInput): void;
  dismiss(id: number): void;
}

const [ToastContextProvider, useToastContext] = requiredContext<ToastApi>(
  'useToast must be used within a ToastProvider',
);

export function ToastProvider({
  children,
  durationMs = TOAST.durationMs,
}: {
  children: ReactNode;
  durationMs?: number;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const toast = useCallback(
    ({ title, description, variant = 'info' }: ToastInput) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, title, description, variant }].slice(-TOAST.maxVisible));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss, durationMs],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContextProvider value={value}>
      {children}
      <section className="clubs-toasts" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`clubs-toast clubs-toast--${t.variant}`}>
            <div className="clubs-toast__text" role={t.variant === 'error' ? 'alert' : 'status'}>
              <strong>{t.title}</strong>
              {t.description ? <span>{t.description}</span> : null}
            </div>
            <button
              type="button"
              className="clubs-toast__close"
              aria-label="Dismiss"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContextProvider>
  );
}

export const useToast: () => ToastApi = useToastContext;
