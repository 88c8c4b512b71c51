/**
 * When the app starts on a page an entry document drew (web/build/entry-documents.ts) for a
 * signed-out visitor: not while they only read it, since starting React is the page's one long
 * piece of main-thread work, but as soon as they act on it (a pointer or key pressed, a field
 * focused) or a part that waits for data (a placeholder or loader, marked `AWAITS_APP`) is near
 * the viewport (on the landing page, the directory and a club's page, only when they were drawn
 * without their data: web/src/draw-with-data.tsx). Links work before: they are links. What a visitor does between
 * their first act and React taking the page over is not lost: the buttons pressed and forms sent
 * in between are pressed or sent again, in order, once React holds the page, and what they typed
 * into a field is handed to React's state, not only left on the screen.
 */
import { APP_MODULES_META } from '@clubs/shared/site-documents';

const appModules = () => document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULES_META}"]`);

/** Whether this document's page starts on demand (its document names the app's code, unfetched). */
export const startsOnDemand = (): boolean => appModules() !== null;

/** Fetches all the code the app needs on this page at once, as the document names it. */
function preloadAppModules(): void {
  const files = appModules()?.content ?? '';
  for (const href of files.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** The attribute of a drawn part that shows data still to come: the app must start to fill it. */
export const AWAITS_APP = 'data-awaits-app';

/** A visitor's first act on the page, each of which starts the app. */
const ACTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** How close to the viewport a part waiting for data starts the app, so it fills before it shows. */
const NEAR_VIEWPORT = '300px';

/** What a visitor did before React held the page: a button pressed, or a form sent. */
type Kept = { pressed: HTMLElement } | { form: HTMLFormElement; submitter: HTMLElement | null };

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const isCheckable = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const isDefault = (field: Field) =>
  field instanceof HTMLSelectElement
    ? [...field.options].every((option) => option.selected === option.defaultSelected)
    : isCheckable(field)
      ? (field as HTMLInputElement).checked === (field as HTMLInputElement).defaultChecked
      : field.value === field.defaultValue;

/**
 * The fields the visitor changed before React took the page over, each put back as drawn: React
 * must take over the drawing it made, and it starts a field's record of its value from what the
 * field holds then.
 */
function takeTyped(container: HTMLElement): Typed[] {
  const fields = [...container.querySelectorAll<Field>('input, textarea, select')];
  return fields
    .filter((field) => !isDefault(field))
    .map((field) => {
      const typed = {
        field,
        value: field.value,
        checked: field instanceof HTMLInputElement && field.checked,
      };
      if (field instanceof HTMLSelectElement)
        for (const option of field.options) option.selected = option.defaultSelected;
      else if (field instanceof HTMLInputElement && isCheckable(field)) field.checked = field.defaultChecked;
      else field.value = field.defaultValue;
      return typed;
    });
}

/**
 * Hands each changed field to React as the visitor's own input: an `input` event first makes React
 * take the field's part over at once (it does for such events on a part not yet taken over), then
 * the value is set through the element's own setter, which React does not watch, and announced
 * with the event React reads a change from, so the form's state holds what the field shows.
 */
function giveTyped(typed: Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (isCheckable(field)) {
      if ((field as HTMLInputElement).checked !== checked) field.click();
      continue;
    }
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}

/**
 * Starts the app (`start`, given what to do just before React takes the drawing over) on the
 * visitor's first act or when a part waiting for data comes near the viewport.
 */
export function startOnDemand(
  container: HTMLElement,
  start: (beforeTakeOver: () => void) => Promise<void>,
): void {
  let started = false;
  const kept: Kept[] = [];

  // A button pressed or a form sent before React holds the page did nothing yet: each is kept and
  // done again afterwards, in the order the visitor did them (a tab, then Filters, does both).
  const keepPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!(button instanceof HTMLElement) || !container.contains(button)) return;
    event.preventDefault();
    kept.push({ pressed: button });
  };
  const keepSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !container.contains(event.target)) return;
    event.preventDefault();
    kept.push({ form: event.target, submitter: event.submitter });
  };
  document.addEventListener('click', keepPress, true);
  document.addEventListener('submit', keepSubmit, true);
  const release = () => {
    document.removeEventListener('click', keepPress, true);
    document.removeEventListener('submit', keepSubmit, true);
  };

  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && go(), {
          rootMargin: NEAR_VIEWPORT,
        })
      : undefined;

  function go() {
    if (started) return;
    started = true;
    for (const type of ACTS) document.removeEventListener(type, go, true);
    observer?.disconnect();
    preloadAppModules();
    let typed: Typed[] = [];
    start(() => {
      typed = takeTyped(container);
    }).then(
      () => {
        release();
        giveTyped(typed);
        for (const act of kept.splice(0)) {
          if ('pressed' in act) {
            if (act.pressed.isConnected) act.pressed.click();
          } else if (act.form.isConnected) act.form.requestSubmit(act.submitter);
        }
      },
      (error: unknown) => {
        release();
        console.error('The app did not start', error);
      },
    );
  }

  if (!observer) {
    go();
    return;
  }
  for (const type of ACTS) document.addEventListener(type, go, { capture: true, passive: true });
  for (const part of container.querySelectorAll(`[${AWAITS_APP}]`)) observer.observe(part);
}
