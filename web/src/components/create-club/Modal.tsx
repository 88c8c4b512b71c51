/**
 * A modal dialog: a labelled role="dialog" over a backdrop, focus moved into it on open and
 * back where it was on close, Tab kept inside, Escape and the backdrop close it (unless busy).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './create-club.css';

export function Modal({
  open,
  title,
  description,
  onClose,
  children,
  closable = true,
}: {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** False while something is under way that closing would interrupt. */
  closable?: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const canClose = useRef(closable);
  canClose.current = closable;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const focusable = () =>
      Array.from(
        panel.current?.querySelectorAll<HTMLElement>(
          'input, textarea, button, select, a[href], [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      ).filter((element) => !element.hasAttribute('disabled'));
    (focusable()[0] ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && canClose.current) {
        event.stopPropagation();
        close.current();
      }
      if (event.key !== 'Tab') return;
      const items = focusable();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // A press on the backdrop (outside the panel) closes it, like Escape.
    const onPress = (event: MouseEvent) => {
      if (canClose.current && panel.current && !panel.current.contains(event.target as Node)) close.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPress);
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="clubs-modal__backdrop">
      <div
        ref={panel}
        className="clubs-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="clubs-modal__title">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="clubs-modal__description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
