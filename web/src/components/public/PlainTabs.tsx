import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/**
 * Tabs over one panel, drawn as Amplify's Tabs draw them (`amplify-tabs__list`, `__item`,
 * `__panel` and their `--active` modifiers) and answering the keyboard as they do (arrow keys
 * move and select, the selected tab alone in the tab order), for the public pages, where
 * Amplify's component would bring its runtime to a page that only reads. `children` is the
 * selected tab's panel.
 */
export function PlainTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  panelClassName,
  children,
}: {
  label: string;
  tabs: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange: (value: T) => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  const group = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const count = tabs.length;
    const next = tabs[(index + count) % count];
    if (!next) return;
    onChange(next[0]);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[(index + count) % count]?.focus();
  };
  const current = tabs.findIndex(([tab]) => tab === value);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: 1 }[event.key];
    const edge = { Home: 0, End: tabs.length - 1 }[event.key];
    if (step === undefined && edge === undefined) return;
    event.preventDefault();
    select(edge ?? current + (step ?? 0));
  };
  return (
    <div className="amplify-tabs">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="amplify-tabs__list clubs-tabs__list--wrap"
        onKeyDown={onKeyDown}
      >
        {tabs.map(([tab, text]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${group}-tab-${tab}`}
            aria-selected={tab === value}
            aria-controls={`${group}-panel`}
            tabIndex={tab === value ? undefined : -1}
            className={tab === value ? 'amplify-tabs__item amplify-tabs__item--active' : 'amplify-tabs__item'}
            onClick={() => onChange(tab)}
          >
            {text}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${group}-panel`}
        aria-labelledby={`${group}-tab-${value}`}
        className={['amplify-tabs__panel amplify-tabs__panel--active', panelClassName ?? ''].join(' ').trim()}
      >
        {children}
      </div>
    </div>
  );
}
