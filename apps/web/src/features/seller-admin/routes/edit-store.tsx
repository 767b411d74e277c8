import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Store } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { editedStoreQuery, useUpdateStore } from '../api/stores';
import { StoreForm } from '../components/store-form';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useSellerRedirect } from '../hooks/use-seller-guard';
import { useStoreForm } from '../hooks/use-store-form';
import { storeFormValues } from '../lib/store-form';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.editStore.title'));
  const redirect = useSellerRedirect();
  const id = Number(useParams().id);
  const userId = useSession((s) => s.userInfo?.id);
  const store = useQuery({ ...editedStoreQuery(id), enabled: !redirect && Number.isInteger(id) && id > 0 });
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <Container className="py-4">
      <Link to={paths.myStores} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.editStore.title')}</h1>
      {store.isPending ? (
        <Loader />
      ) : store.isError || store.data.owner !== userId ? (
        <Message variant="danger">
          {store.isError ? errorMessage(store.error) : t('seller.editStore.notYours')}
        </Message>
      ) : (
        <EditStoreForm key={store.data.id} store={store.data} />
      )}
    </Container>
  );
}

function EditStoreForm({ store }: { store: Store }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateStore(store.id);
  const form = useStoreForm({
    initial: storeFormValues(store),
    save: update.mutateAsync,
    onSaved: () =>
      navigate(paths.myStores, { state: { notice: 'seller.stores.updated' } satisfies NoticeState }),
  });
  return (
    <>
      {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
      <StoreForm
        form={form}
        pending={update.isPending}
        submitLabel={t('seller.editStore.submit')}
        pendingLabel={t('seller.saving')}
        cancelTo={paths.myStores}
      />
    </>
  );
}
