import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { Footer } from './Footer';
import { Navigation } from './Navigation';

/** Public and account pages: top navigation, the page, the footer. The landing page has no top bar. */
export function PublicLayout({ navigation = true }: { navigation?: boolean }) {
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {navigation && <Navigation />}
      <div id="content" className="site-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
    </div>
  );
}
