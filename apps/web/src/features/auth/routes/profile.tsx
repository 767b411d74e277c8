import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { ProductImage } from '../../../components/product-image';
import { loginFor, paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { reloadCartFromStorage } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { useCategories } from '../../catalogue/api/categories';
import { useDeleteAccount } from '../api/delete-account';
import { useMe } from '../api/me';
import { useUpdateProfile } from '../api/profile';
import { ProfileForm } from '../components/profile-form';

const ROLE_LABEL = { CUSTOMER: 'auth.role.customer', STORE_OWNER: 'auth.role.seller' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}

export function Component() {
  const t = useT();
  const f = useFormat();
  usePageTitle(t('nav.profile'));
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const storedUser = useSession((s) => s.user);
  const me = useMe(Boolean(userInfo));
  const user = me.data ?? storedUser;
  const profile = user?.profile ?? null;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const categories = useCategories();
  const update = useUpdateProfile(profile?.id ?? 0);
  const deleteAccount = useDeleteAccount();
  const leaving = useRef(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 3000);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!userInfo) return leaving.current ? null : <Navigate to={loginFor(paths.profile)} replace />;
  if (!user) return me.error ? <Message variant="danger">{errorMessage(me.error)}</Message> : <Loader />;

  const onDelete = () =>
    deleteAccount.mutate(user.id, {
      onSuccess: () => {
        leaving.current = true;
        navigate(paths.home);
        useSession.getState().logout();
        reloadCartFromStorage();
        queryClient.clear();
      },
    });

  const categoryNames = profile?.categoryDetails.map((c) => c.name) ?? [];

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">{t('nav.profile')}</h1>
      {me.error && <Message variant="danger">{errorMessage(me.error)}</Message>}
      {deleteAccount.error && <Message variant="danger">{errorMessage(deleteAccount.error)}</Message>}
      {saved && <Message variant="success">{t('auth.profile.updated')}</Message>}
      <Row className="g-4">
        <Col lg={4}>
          <Card className="shadow-sm text-center">
            <Card.Body className="p-4">
              <div className="profile-avatar mx-auto mb-3">
                <ProductImage
                  src={profile?.image}
                  alt={t('auth.profile.imageAlt', { name: user.username })}
                  width={160}
                  height={160}
                  className="rounded-circle"
                  initial={user.username}
                  eager
                />
              </div>
              <h2 className="h4 mb-1" data-testid="profile-username">
                {user.username}
              </h2>
              <p className="text-body-secondary mb-2 text-break">{user.email}</p>
              {profile && (
                <Badge bg={profile.status === 'STORE_OWNER' ? 'primary' : 'secondary'}>
                  {t(ROLE_LABEL[profile.status])}
                </Badge>
              )}
              <p className="small text-body-secondary mt-3 mb-0">
                {t('auth.profile.memberSince', { date: f.date(user.date_joined) })}
              </p>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={8}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <div className="d-flex justify-content-between align-items-center gap-2 mb-3 flex-wrap">
                <h2 className="h5 mb-0">{editing ? t('auth.profile.edit') : t('auth.profile.details')}</h2>
                {profile && (
                  <Button
                    variant={editing ? 'outline-secondary' : 'outline-primary'}
                    aria-expanded={editing}
                    onClick={() => setEditing((v) => !v)}
                  >
                    {editing ? t('auth.profile.closeEditor') : t('auth.profile.edit')}
                  </Button>
                )}
              </div>
              {!profile && <Message variant="warning">{t('auth.profile.noProfile')}</Message>}
              {profile && editing && (
                <ProfileForm
                  profile={profile}
                  categories={categories.data ?? []}
                  pending={update.isPending}
                  error={update.error ? errorMessage(update.error) : null}
                  onCancel={() => setEditing(false)}
                  onSubmit={(input) =>
                    update.mutate(input, {
                      onSuccess: () => {
                        setEditing(false);
                        setSaved(true);
                      },
                    })
                  }
                />
              )}
              {profile && !editing && (
                <dl className="row mb-0" data-testid="profile-details">
                  <Field label={t('auth.username')}>{user.username}</Field>
                  <Field label={t('auth.email')}>{user.email}</Field>
                  <Field label={t('auth.profile.account')}>{t(ROLE_LABEL[profile.status])}</Field>
                  <Field label={t('auth.profile.categories')}>
                    {categoryNames.length ? (
                      <span className="d-flex flex-wrap gap-1">
                        {categoryNames.map((name) => (
                          <Badge key={name} bg="light" text="dark" className="border fw-normal">
                            {name}
                          </Badge>
                        ))}
                      </span>
                    ) : (
                      <span className="text-body-secondary">{t('auth.profile.noneChosen')}</span>
                    )}
                  </Field>
                  <Field label={t('auth.profile.industry')}>
                    {profile.industry || (
                      <span className="text-body-secondary">{t('auth.profile.notSet')}</span>
                    )}
                  </Field>
                  <Field label={t('auth.profile.headquarter')}>
                    {profile.headquarter || (
                      <span className="text-body-secondary">{t('auth.profile.notSet')}</span>
                    )}
                  </Field>
                  <Field label={t('auth.profile.description')}>
                    {profile.description ? (
                      <span className="text-pre-line">{profile.description}</span>
                    ) : (
                      <span className="text-body-secondary">{t('auth.profile.notSet')}</span>
                    )}
                  </Field>
                </dl>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="shadow-sm border-danger-subtle">
            <Card.Body>
              <h2 className="h6">{t('auth.profile.deleteHeading')}</h2>
              <p className="small text-body-secondary">{t('auth.profile.deleteBody')}</p>
              <Button
                variant="outline-danger"
                onClick={() => setConfirming(true)}
                disabled={deleteAccount.isPending}
              >
                {t('auth.profile.delete')}
              </Button>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <ConfirmDialog
        show={confirming}
        title={t('auth.profile.delete')}
        body={t('auth.profile.deleteConfirm')}
        onClose={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Container>
  );
}
