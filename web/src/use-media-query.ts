import { useEffect, useState } from 'react';

const matches = (query: string): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Whether a CSS media query matches now, following the window as it is resized or turned. */
export function useMediaQuery(query: string): boolean {
  const [matching, setMatching] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = (): void => setMatching(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matching;
}
