import { useEffect, useRef, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { loginFor, paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { reloadCartFromStorage } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { useDeleteAccount } from '../api/delete-account';
import { useMe } from '../api/me';
import { AccountSettingsCard } from '../components/account-settings';
import { DeleteAccountCard, IdentityCard, ProfileCard } from '../components/profile-cards';

export function Component() {
  const t = useT();
  usePageTitle(t('nav.profile'));
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const storedUser = useSession((s) => s.user);
  const me = useMe(Boolean(userInfo));
  const user = me.data ?? storedUser;
  const profile = user?.profile ?? null;
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
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

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">{t('nav.profile')}</h1>
      {me.error && <Message variant="danger">{errorMessage(me.error)}</Message>}
      {deleteAccount.error && <Message variant="danger">{errorMessage(deleteAccount.error)}</Message>}
      {saved && <Message variant="success">{t('auth.profile.updated')}</Message>}
      <Row className="g-4">
        <Col lg={4}>
          <IdentityCard user={user} profile={profile} />
        </Col>
        {/* The details, then the address and password, then (last, at every width) deleting the account. */}
        <Col lg={8} className="d-grid gap-4">
          <ProfileCard user={user} profile={profile} onSaved={() => setSaved(true)} />
          <AccountSettingsCard user={user} />
          <DeleteAccountCard pending={deleteAccount.isPending} onDelete={() => setConfirming(true)} />
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
