import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Link, Navigate, useNavigate } from 'react-router';
import { productCreateSchema } from '@marktgasse/shared';
import { FormContainer } from '../../../components/form-container';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCategories } from '../../catalogue/api/categories';
import { useCreateProduct } from '../api/products';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useSellerRedirect } from '../hooks/use-seller-guard';
import { issueText } from '../lib/messages';

type Field = 'brand' | 'name' | 'price' | 'description' | 'category' | 'subcategory' | 'image';
type Errors = Partial<Record<Field, string>>;

export function Component() {
  const t = useT();
  usePageTitle(t('seller.addProduct.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <AddProduct />;
}

function AddProduct() {
  const t = useT();
  const navigate = useNavigate();
  const categories = useCategories();
  const create = useCreateProduct();
  const [brand, setBrand] = useState('');
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const chosen = categories.data?.find((c) => String(c.id) === category);

  function clearError(field: Field) {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  function validate(): Errors {
    const found: Errors = {};
    const parsed = productCreateSchema.safeParse({
      brand,
      name,
      price: price.trim(),
      description,
      category: category || undefined,
      subcategory: subcategory || undefined,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issueText(t, issue);
    if (!category) found.category = t('seller.v.category');
    else if (!subcategory) found.subcategory = t('seller.v.subcategory');
    if (image && !image.type.startsWith('image/')) found.image = t('seller.v.image');
    return found;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    const first = (
      ['brand', 'name', 'price', 'description', 'category', 'subcategory', 'image'] as const
    ).find((f) => found[f]);
    if (first) {
      document.getElementById(`product-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set('brand', brand.trim());
    form.set('name', name.trim());
    form.set('price', price.trim());
    form.set('description', description.trim());
    form.set('category', category);
    form.set('subcategory', subcategory);
    if (image) form.set('image', image);
    create.mutate(form, {
      onSuccess: () =>
        navigate(paths.myProducts, {
          state: { notice: 'seller.products.created' } satisfies NoticeState,
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length) {
          const fromServer: Errors = {};
          for (const f of error.fieldErrors) fromServer[f.field as Field] ??= f.message;
          setErrors(fromServer);
        }
      },
    });
  }

  const feedback = (field: Field) => (
    <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
  );

  return (
    <FormContainer>
      <Link to={paths.myProducts} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.addProduct.title')}</h1>
      {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
      {categories.isError && <Message variant="danger">{errorMessage(categories.error)}</Message>}
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="product-brand">
          <Form.Label>{t('seller.field.brand')}</Form.Label>
          <Form.Control
            value={brand}
            required
            isInvalid={Boolean(errors.brand)}
            onChange={(e) => {
              setBrand(e.target.value);
              clearError('brand');
            }}
          />
          {feedback('brand')}
        </Form.Group>
        <Form.Group className="mb-3" controlId="product-name">
          <Form.Label>{t('seller.field.name')}</Form.Label>
          <Form.Control
            value={name}
            required
            isInvalid={Boolean(errors.name)}
            onChange={(e) => {
              setName(e.target.value);
              clearError('name');
            }}
          />
          {feedback('name')}
        </Form.Group>
        <Form.Group className="mb-3" controlId="product-price">
          <Form.Label>{t('seller.field.price')}</Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text>CHF</InputGroup.Text>
            <Form.Control
              value={price}
              required
              inputMode="decimal"
              placeholder={t('seller.field.pricePlaceholder')}
              isInvalid={Boolean(errors.price)}
              onChange={(e) => {
                setPrice(e.target.value);
                clearError('price');
              }}
            />
            {feedback('price')}
          </InputGroup>
        </Form.Group>
        <Form.Group className="mb-3" controlId="product-description">
          <Form.Label>{t('seller.field.description')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={description}
            isInvalid={Boolean(errors.description)}
            onChange={(e) => {
              setDescription(e.target.value);
              clearError('description');
            }}
          />
          {feedback('description')}
        </Form.Group>
        <Form.Group className="mb-3" controlId="product-image">
          <Form.Label>{t('seller.field.image')}</Form.Label>
          <Form.Control
            type="file"
            accept="image/*"
            isInvalid={Boolean(errors.image)}
            onChange={(e) => {
              setImage((e.target as HTMLInputElement).files?.[0] ?? null);
              clearError('image');
            }}
          />
          {feedback('image')}
        </Form.Group>
        <Form.Group className="mb-3" controlId="product-category">
          <Form.Label>{t('seller.field.category')}</Form.Label>
          <Form.Select
            value={category}
            required
            isInvalid={Boolean(errors.category)}
            disabled={categories.isPending}
            onChange={(e) => {
              setCategory(e.target.value);
              setSubcategory('');
              clearError('category');
            }}
          >
            <option value="">
              {categories.isPending ? t('seller.loadingCategories') : t('seller.field.chooseCategory')}
            </option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          {feedback('category')}
        </Form.Group>
        {chosen && (
          <Form.Group className="mb-3" controlId="product-subcategory">
            <Form.Label>{t('seller.field.subcategory')}</Form.Label>
            <Form.Select
              value={subcategory}
              required
              isInvalid={Boolean(errors.subcategory)}
              onChange={(e) => {
                setSubcategory(e.target.value);
                clearError('subcategory');
              }}
            >
              <option value="">{t('seller.field.chooseSubcategory')}</option>
              {chosen.subcategory.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Form.Select>
            {feedback('subcategory')}
          </Form.Group>
        )}
        <div className="d-flex gap-2">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? t('seller.creating') : t('seller.addProduct.submit')}
          </Button>
          <Link to={paths.myProducts} className="btn btn-outline-secondary">
            {t('seller.cancel')}
          </Link>
        </div>
      </Form>
    </FormContainer>
  );
}
