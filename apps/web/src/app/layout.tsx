import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
