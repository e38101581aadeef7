import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { refreshScrollAnimations, startScrollAnimations } from './scroll-animations';

/** Every page change scrolls to the top and refreshes scroll animations. */
export function ScrollManager() {
  const { pathname } = useLocation();
  useEffect(() => startScrollAnimations(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design
  useEffect(() => {
    window.scrollTo(0, 0);
    refreshScrollAnimations();
  }, [pathname]);
  return null;
}
