import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Product } from '@marktgasse/shared';
import { FormContainer } from '../../../components/form-container';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { editedProductQuery, useUpdateProduct } from '../api/products';
import { ProductForm } from '../components/product-form';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useProductForm } from '../hooks/use-product-form';
import { useSellerRedirect } from '../hooks/use-seller-guard';
import { productFormValues } from '../lib/product-form';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.editProduct.title'));
  const redirect = useSellerRedirect();
  const id = Number(useParams().id);
  const userId = useSession((s) => s.userInfo?.id);
  const product = useQuery({
    ...editedProductQuery(id),
    enabled: !redirect && Number.isInteger(id) && id > 0,
  });
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <FormContainer>
      <Link to={paths.myProducts} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.editProduct.title')}</h1>
      {product.isPending ? (
        <Loader />
      ) : product.isError || product.data.seller !== userId ? (
        // Someone else's product is not offered for editing (the server refuses it too).
        <Message variant="danger">
          {product.isError ? errorMessage(product.error) : t('seller.editProduct.notYours')}
        </Message>
      ) : (
        // Keyed by product: the form starts from the loaded values.
        <EditProductForm key={product.data.id} product={product.data} />
      )}
    </FormContainer>
  );
}

function EditProductForm({ product }: { product: Product }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateProduct(product.id);
  const form = useProductForm({
    initial: productFormValues(product),
    save: update.mutateAsync,
    onSaved: () =>
      navigate(paths.myProducts, { state: { notice: 'seller.products.updated' } satisfies NoticeState }),
  });
  return (
    <>
      {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
      {product.image && (
        <figure className="mb-3">
          <img
            src={product.thumbnail ?? product.image}
            alt=""
            width={96}
            height={96}
            className="rounded object-fit-cover"
          />
          <figcaption className="small text-body-secondary">
            {t('seller.editProduct.currentImage')}
          </figcaption>
        </figure>
      )}
      <ProductForm
        form={form}
        pending={update.isPending}
        submitLabel={t('seller.editProduct.submit')}
        pendingLabel={t('seller.saving')}
        cancelTo={paths.myProducts}
      />
    </>
  );
}
