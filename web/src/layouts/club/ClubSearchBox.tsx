/**
 * The search box of the club header: Enter opens the club's search results for what was typed;
 * `/` focuses it from anywhere on the page except while typing in another field.
 */
import { SEARCH_LIMITS } from '@clubs/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** Whether a key press happened while typing into a field (where `/` is just a character). */
const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function ClubSearchBox({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length < SEARCH_LIMITS.queryMin) return;
    navigate(`${basePath}/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <search className="club-search">
      <form onSubmit={submit}>
        <input
          ref={input}
          type="search"
          className="club-search__input"
          aria-label="Search this club"
          aria-keyshortcuts="/"
          placeholder="Search  /"
          maxLength={SEARCH_LIMITS.queryMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}
