import { useState } from 'react';
import { PageLink as Link, PageNavLink as NavLink } from '../components/page-link';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/logout';
import { selectCartCount, useCart } from '../stores/cart';
import { selectRole, useSession } from '../stores/session';
import { UserMenu } from './user-menu';
import { LanguageSwitcher } from './language-switcher';
import { useT } from '../i18n';

function Avatar({ src, name }: { src: string | null | undefined; name: string }) {
  if (src)
    return <img src={src} alt="" width={28} height={28} className="rounded-circle me-1 object-fit-cover" />;
  return (
    <span
      aria-hidden="true"
      className="d-inline-flex align-items-center justify-content-center rounded-circle bg-light text-primary fw-bold me-1"
      style={{ width: 28, height: 28 }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The shell's navigation bar: Bootstrap's navbar markup with a small open/closed state of its own
 * (React-Bootstrap's Navbar costs a third of a phone's first render, for a toggle). On small
 * screens the links fold behind the toggler and a chosen link folds them again.
 */
export function Header() {
  const userInfo = useSession((s) => s.userInfo);
  const user = useSession((s) => s.user);
  const role = useSession(selectRole);
  const cartCount = useCart(selectCartCount);
  const logout = useLogout();
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const image = user?.profile?.thumbnail ?? user?.profile?.image ?? userInfo?.profile?.thumbnail ?? null;
  const username = userInfo?.username ?? '';

  return (
    <header>
      {/* Focuses main itself: "#main" must not reach the hash router, which would open a route. */}
      <a
        href="#main"
        className="visually-hidden-focusable"
        onClick={(event) => {
          event.preventDefault();
          const main = document.getElementById('main');
          main?.focus();
          main?.scrollIntoView();
        }}
      >
        {t('nav.skip')}
      </a>
      <nav data-bs-theme="dark" className="py-2 navbar navbar-expand-lg navbar-light bg-primary">
        <div className="container">
          <Link
            to={paths.home}
            className="brand-logo d-flex align-items-center gap-2 navbar-brand"
            onClick={close}
          >
            <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="#fff" />
              <path
                d="M9 21V11l7 6 7-6v10"
                fill="none"
                stroke="#b4232a"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Marktgasse
          </Link>
          <button
            type="button"
            className={`navbar-toggler ms-auto order-1${open ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={open}
            aria-label={t('nav.toggle')}
            onClick={() => setOpen((v) => !v)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="main-nav" className={`navbar-collapse collapse order-3 order-lg-1${open ? ' show' : ''}`}>
            <div className="ms-auto align-items-lg-center navbar-nav">
              <NavLink to={paths.sellers} className="nav-link" onClick={close}>
                {t('nav.sellers')}
              </NavLink>
              <NavLink to={paths.map} className="nav-link" onClick={close}>
                {t('nav.findStore')}
              </NavLink>
              {!userInfo && (
                <NavLink to={paths.login} className="nav-link" onClick={close}>
                  {t('nav.signIn')}
                </NavLink>
              )}
              {userInfo?.is_staff && (
                <UserMenu
                  id="staff-menu"
                  label={t('nav.staffMenu', { name: username })}
                  title={
                    <>
                      <Avatar src={image} name={username} />
                      {username}
                    </>
                  }
                  entries={[
                    { label: t('nav.backOffice'), to: paths.admin },
                    { label: t('nav.logout'), onSelect: logout },
                  ]}
                />
              )}
              {userInfo && !userInfo.is_staff && role !== 'STORE_OWNER' && (
                <UserMenu
                  id="user-menu"
                  label={t('nav.accountMenu', { name: username })}
                  title={
                    <>
                      <Avatar src={image} name={username} />
                      {username}
                    </>
                  }
                  entries={[
                    { label: t('nav.profile'), to: paths.profile },
                    { label: t('nav.orders'), to: paths.customerOrders },
                    { label: t('nav.logout'), onSelect: logout },
                  ]}
                />
              )}
              {userInfo && role === 'STORE_OWNER' && (
                <UserMenu
                  id="seller-menu"
                  label={t('nav.sellerMenu', { name: username })}
                  heading={username}
                  title={<Avatar src={image} name={username} />}
                  entries={[
                    { label: t('nav.profile'), to: paths.profile },
                    { label: t('nav.stores'), to: paths.myStores },
                    { label: t('nav.products'), to: paths.myProducts },
                    { label: t('nav.orders'), to: paths.sellerOrders },
                    { label: t('nav.earnings'), to: paths.earnings },
                    { label: t('nav.logout'), onSelect: logout },
                  ]}
                />
              )}
              <LanguageSwitcher className="ms-lg-3 my-2 my-lg-0" dark />
            </div>
          </div>
          {/* Outside the folding menu: the cart and its badge stay in sight on a phone. */}
          <div className="navbar-nav order-2 ms-2 ms-lg-3">
            <NavLink
              to={paths.cart}
              className="nav-link text-nowrap"
              onClick={close}
              aria-label={cartCount > 0 ? t('nav.cartWithCount', { count: cartCount }) : t('nav.cart')}
            >
              <span aria-hidden="true">{t('nav.cart')}</span>
              {cartCount > 0 && (
                <span
                  className="ms-1 badge rounded-pill text-dark bg-light"
                  data-testid="cart-badge"
                  aria-hidden="true"
                >
                  {cartCount}
                </span>
              )}
            </NavLink>
          </div>
        </div>
      </nav>
    </header>
  );
}
