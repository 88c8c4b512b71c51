/**
 * A popover on a non-modal native `<dialog>` next to the button that opens it: the page stays
 * usable, Escape and a press outside close it, and focus returns to the button when it closes
 * from inside (Escape or an action that calls `close`). Its button is Amplify's look without its
 * component (amplify-look.tsx): the directory, a public page, opens its filters with it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PlainButton } from '../public/amplify-look.tsx';
import './overlay.css';

export function Popover({
  label,
  buttonText,
  buttonSize,
  onIntent,
  children,
}: {
  /** The dialog's accessible name. */
  label: string;
  buttonText: ReactNode;
  buttonSize?: 'small';
  /** Called when the pointer or focus comes to the button: the content's code can load then. */
  onIntent?: () => void;
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
      <PlainButton
        ref={button}
        size={buttonSize}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {buttonText}
      </PlainButton>
      {open ? (
        <dialog ref={dialog} id={panelId} className="clubs-popover" aria-label={label}>
          {children(closeAndFocus)}
        </dialog>
      ) : null}
    </div>
  );
}
