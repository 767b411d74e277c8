import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
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

export function Header() {
  const userInfo = useSession((s) => s.userInfo);
  const user = useSession((s) => s.user);
  const role = useSession(selectRole);
  const cartCount = useCart(selectCartCount);
  const logout = useLogout();
  const t = useT();
  const image = user?.profile?.thumbnail ?? user?.profile?.image ?? userInfo?.profile?.thumbnail ?? null;
  const username = userInfo?.username ?? '';

  return (
    <header>
      <a href="#main" className="visually-hidden-focusable">
        {t('nav.skip')}
      </a>
      <Navbar expand="lg" bg="primary" data-bs-theme="dark" collapseOnSelect className="py-2">
        <Container>
          <Navbar.Brand as={Link} to={paths.home} className="brand-logo d-flex align-items-center gap-2">
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
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-nav" aria-label={t('nav.toggle')} />
          <Navbar.Collapse id="main-nav">
            <Nav className="ms-auto align-items-lg-center">
              <Nav.Link as={NavLink} to={paths.sellers} eventKey="sellers">
                {t('nav.sellers')}
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.map} eventKey="map">
                {t('nav.findStore')}
              </Nav.Link>
              <Nav.Link
                as={NavLink}
                to={paths.cart}
                eventKey="cart"
                aria-label={cartCount > 0 ? t('nav.cartWithCount', { count: cartCount }) : t('nav.cart')}
              >
                <span aria-hidden="true">{t('nav.cart')}</span>
                {cartCount > 0 && (
                  <Badge
                    bg="light"
                    text="dark"
                    pill
                    className="ms-1"
                    data-testid="cart-badge"
                    aria-hidden="true"
                  >
                    {cartCount}
                  </Badge>
                )}
              </Nav.Link>
              {!userInfo && (
                <Nav.Link as={NavLink} to={paths.login} eventKey="login">
                  {t('nav.signIn')}
                </Nav.Link>
              )}
              {userInfo && role !== 'STORE_OWNER' && (
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
                    { label: t('nav.logout'), onSelect: logout },
                  ]}
                />
              )}
              <LanguageSwitcher className="ms-lg-3 my-2 my-lg-0" dark />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
