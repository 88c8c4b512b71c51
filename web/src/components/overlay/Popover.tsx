/**
 * A popover on a non-modal native `<dialog>` next to the button that opens it: the page stays
 * usable, Escape and a press outside close it, and focus returns to the button when it closes
 * from inside (Escape or an action that calls `close`).
 */
import { Button } from '@aws-amplify/ui-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './overlay.css';

export function Popover({
  label,
  buttonText,
  buttonSize,
  children,
}: {
  /** The dialog's accessible name. */
  label: string;
  buttonText: ReactNode;
  buttonSize?: 'small';
  /** The content; `close` closes the popover and gives focus back to its button. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeAndFocus = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    element.show();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    const onPress = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPress);
      if (element.open) element.close();
    };
  }, [open]);

  return (
    <div ref={root} className="clubs-popover__anchor">
      <Button
        ref={button}
        size={buttonSize}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {buttonText}
      </Button>
      {open ? (
        <dialog ref={dialog} id={panelId} className="clubs-popover" aria-label={label}>
          {children(closeAndFocus)}
        </dialog>
      ) : null}
    </div>
  );
}
