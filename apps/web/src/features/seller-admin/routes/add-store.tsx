import Container from 'react-bootstrap/Container';
import { Link, Navigate, useNavigate } from 'react-router';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useCreateStore } from '../api/stores';
import { StoreForm } from '../components/store-form';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useSellerRedirect } from '../hooks/use-seller-guard';
import { useStoreForm } from '../hooks/use-store-form';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.addStore.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <AddStore />;
}

function AddStore() {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateStore();
  const form = useStoreForm({
    save: create.mutateAsync,
    onSaved: () =>
      navigate(paths.myStores, { state: { notice: 'seller.stores.created' } satisfies NoticeState }),
  });
  return (
    <Container className="py-4">
      <Link to={paths.myStores} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.addStore.title')}</h1>
      {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
      <StoreForm
        form={form}
        pending={create.isPending}
        submitLabel={t('seller.addStore.submit')}
        pendingLabel={t('seller.creating')}
        cancelTo={paths.myStores}
      />
    </Container>
  );
}
