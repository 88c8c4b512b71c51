import { useEffect } from 'react';

/** "Pricing · Clubs": each screen names the browser tab (and what screen readers announce first). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · Clubs` : 'Clubs';
    return () => {
      document.title = previous;
    };
  }, [title]);
}
