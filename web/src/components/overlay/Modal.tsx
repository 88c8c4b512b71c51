/**
 * A modal dialog on the native `<dialog>` element: `showModal()` puts it in the top layer and
 * makes the rest of the page inert (no clicks, no focus, hidden from screen readers), the page
 * behind stops scrolling (overlay.css), Escape and a press on the backdrop close it unless it
 * is busy, and focus goes back where it was when it closes. The dialog exists only while open.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './overlay.css';

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
  if (!open) return null;
  return (
    <OpenModal title={title} description={description} onClose={onClose} closable={closable}>
      {children}
    </OpenModal>
  );
}

function OpenModal({
  title,
  description,
  onClose,
  children,
  closable,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  closable: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // Read by the listeners, which are attached once per opening.
  const canClose = useRef(closable);
  canClose.current = closable;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    // Escape fires `cancel`: the parent decides, so the dialog never closes behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (canClose.current) close.current();
    };
    // The browser may still close it (a repeated Escape without user activation cannot be
    // cancelled); then it is closed for the parent too, or shown again while busy. A `close`
    // queued by an earlier closing of this element (React's dev double effect) finds it open.
    const onNativeClose = () => {
      if (element.open) return;
      if (canClose.current) close.current();
      else if (element.isConnected) element.showModal();
    };
    // The backdrop belongs to the dialog element itself; its content sits in an inner panel.
    const onPress = (event: MouseEvent) => {
      if (event.target === element && canClose.current) close.current();
    };
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', onNativeClose);
    element.addEventListener('click', onPress);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', onNativeClose);
      element.removeEventListener('click', onPress);
      if (element.open) element.close();
      before?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="clubs-modal"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <div className="clubs-modal__panel">
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
    </dialog>
  );
}
