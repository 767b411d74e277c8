import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { DISPLAY_NAME_MAX, PROFILE_TEXT_MAX, type Category, type Profile } from '@marktgasse/shared';
import { errorProps, FieldFeedback } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useCategoryLabel } from '../../../components/categories/category-label';
import type { ProfileUpdate } from '../api/profile';

/** Edit form of the own profile: shop name (sellers), image (images only), categories (several), industry, headquarter, description. */
export function ProfileForm({
  profile,
  categories,
  onSubmit,
  onCancel,
  pending,
  error,
}: {
  profile: Profile;
  categories: Category[];
  onSubmit: (input: ProfileUpdate) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null;
}) {
  const t = useT();
  const label = useCategoryLabel();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>(profile.category);
  const [industry, setIndustry] = useState(profile.industry);
  const [headquarter, setHeadquarter] = useState(profile.headquarter);
  const [description, setDescription] = useState(profile.description);
  const seller = profile.status === 'STORE_OWNER';
  const [displayName, setDisplayName] = useState(profile.displayName ?? '');

  const toggle = (id: number) =>
    setSelected((list) => (list.includes(id) ? list.filter((c) => c !== id) : [...list, id]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (imageError) return;
    onSubmit({
      image,
      category: selected,
      industry,
      headquarter,
      description,
      ...(seller ? { displayName } : {}),
    });
  };

  return (
    <Form onSubmit={submit} aria-label={t('auth.profile.edit')}>
      {error && <Message variant="danger">{error}</Message>}
      {seller && (
        <Form.Group className="mb-3" controlId="profile-display-name">
          <Form.Label>{t('auth.profile.shopName')}</Form.Label>
          <Form.Control
            value={displayName}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="organization"
            aria-describedby="profile-display-name-help"
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <Form.Text id="profile-display-name-help">{t('auth.profile.shopNameHelp')}</Form.Text>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId="profile-image">
        <Form.Label>{t('auth.profile.image')}</Form.Label>
        <Form.Control
          type="file"
          accept="image/*"
          {...errorProps('profile-image', imageError ?? undefined, 'profile-image-help')}
          onChange={(e) => {
            const file = (e.target as HTMLInputElement).files?.[0] ?? null;
            if (file && !file.type.startsWith('image/')) {
              setImageError(t('auth.profile.imageOnly'));
              setImage(null);
              return;
            }
            setImageError(null);
            setImage(file);
          }}
        />
        <FieldFeedback id="profile-image" error={imageError ?? undefined} />
        <Form.Text id="profile-image-help">{t('auth.profile.imageHelp')}</Form.Text>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{t('auth.profile.categories')}</legend>
        {categories.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('auth.profile.noCategories')}</p>
        ) : (
          <div className="category-checks">
            {categories.map((c) => (
              <Form.Check
                key={c.id}
                id={`profile-category-${c.id}`}
                type="checkbox"
                label={label(c.name)}
                checked={selected.includes(c.id)}
                onChange={() => toggle(c.id)}
              />
            ))}
          </div>
        )}
      </fieldset>
      <Row>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="profile-industry">
            <Form.Label>{t('auth.profile.industry')}</Form.Label>
            <Form.Control
              value={industry}
              maxLength={PROFILE_TEXT_MAX.industry}
              onChange={(e) => setIndustry(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group className="mb-3" controlId="profile-headquarter">
            <Form.Label>{t('auth.profile.headquarter')}</Form.Label>
            <Form.Control
              value={headquarter}
              maxLength={PROFILE_TEXT_MAX.headquarter}
              onChange={(e) => setHeadquarter(e.target.value)}
            />
          </Form.Group>
        </Col>
      </Row>
      <Form.Group className="mb-4" controlId="profile-description">
        <Form.Label>{t('auth.profile.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={description}
          maxLength={PROFILE_TEXT_MAX.description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Form.Group>
      <div className="d-flex gap-2 flex-wrap">
        <Button type="submit" disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.profile.update')}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onCancel} disabled={pending}>
          {t('auth.profile.cancel')}
        </Button>
      </div>
    </Form>
  );
}
