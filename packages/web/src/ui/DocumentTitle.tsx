import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle } from './page-titles';

/** Keeps the document title on the current route's (page-titles.ts). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}
