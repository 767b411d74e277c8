import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LiveRegion, announce } from '../components/announcer';
import { Footer } from './footer';
import { Header } from './header';

/**
 * After a navigation, focus goes to the new page's h1 (main while it has none) once the screen
 * has rendered, and its title is announced — unless the screen itself already put focus inside
 * main (a form's first field), or the user has meanwhile moved focus elsewhere themselves (a
 * menu of the header opened while the screen loads keeps its focus).
 */
function useRouteFocus(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    // What had focus as the navigation happened (the link or button that led here, or nothing).
    const leading = document.activeElement;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      const main = document.getElementById('main');
      if (!main) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading && tries++ < 60) {
        timer = setTimeout(settle, 50);
        return;
      }
      const active = document.activeElement;
      const movedOn =
        active !== leading && active !== document.body && active !== null && !main.contains(active);
      if (!movedOn && (!active || !main.contains(active) || active === main)) {
        const target = heading ?? main;
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      // The title is read a moment later: the screen sets it in an effect after its heading shows.
      timer = setTimeout(() => announce(document.title), 100);
    };
    timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}

/**
 * The server's renderer may stand in for the header and footer (entry-server.tsx renders them once
 * per language and page kind and splices their markup in); the browser always renders its own.
 */
export function Layout({
  header = <Header />,
  footer = <Footer />,
}: {
  header?: ReactNode;
  footer?: ReactNode;
}) {
  const location = useLocation();
  useRouteFocus(location.pathname);
  return (
    <>
      <LiveRegion />
      {header}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {footer}
    </>
  );
}
