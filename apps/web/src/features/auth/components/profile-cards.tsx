/**
 * The parts of the profile page: who the user is (picture, name, role, member since), the
 * profile's details (or their edit form), and deleting the account.
 */
import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { Profile, User } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { ProductImage } from '../../../components/product-image';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../../catalogue/api/categories';
import { useUpdateProfile } from '../api/profile';
import { ProfileForm } from './profile-form';
import { EmailStatus } from './email-status';

export const ROLE_LABEL = { CUSTOMER: 'auth.role.customer', STORE_OWNER: 'auth.role.seller' } as const;

export function IdentityCard({ user, profile }: { user: User; profile: Profile | null }) {
  const t = useT();
  const f = useFormat();
  return (
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
        <EmailStatus user={user} />
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
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}

/** A profile text, or 'Not set' when it is empty. */
function OrNotSet({ children }: { children: ReactNode }) {
  const t = useT();
  return children ? <>{children}</> : <span className="text-body-secondary">{t('auth.profile.notSet')}</span>;
}

function ProfileDetails({ user, profile }: { user: User; profile: Profile }) {
  const t = useT();
  const categoryNames = profile.categoryDetails.map((c) => c.name);
  return (
    <dl className="row mb-0" data-testid="profile-details">
      <Field label={t('auth.username')}>{user.username}</Field>
      {profile.status === 'STORE_OWNER' && (
        <Field label={t('auth.profile.shopName')}>
          <OrNotSet>{profile.displayName}</OrNotSet>
        </Field>
      )}
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
        <OrNotSet>{profile.industry}</OrNotSet>
      </Field>
      <Field label={t('auth.profile.headquarter')}>
        <OrNotSet>{profile.headquarter}</OrNotSet>
      </Field>
      <Field label={t('auth.profile.description')}>
        <OrNotSet>
          {profile.description ? <span className="text-pre-line">{profile.description}</span> : null}
        </OrNotSet>
      </Field>
    </dl>
  );
}

/** The profile's details, or their edit form; `onSaved` after a successful update. */
export function ProfileCard({
  user,
  profile,
  onSaved,
}: {
  user: User;
  profile: Profile | null;
  onSaved: () => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const categories = useCategories();
  const update = useUpdateProfile(profile?.id ?? 0);
  return (
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
                  onSaved();
                },
              })
            }
          />
        )}
        {profile && !editing && <ProfileDetails user={user} profile={profile} />}
      </Card.Body>
    </Card>
  );
}

export function DeleteAccountCard({ pending, onDelete }: { pending: boolean; onDelete: () => void }) {
  const t = useT();
  return (
    <Card className="shadow-sm border-danger-subtle">
      <Card.Body>
        <h2 className="h6">{t('auth.profile.deleteHeading')}</h2>
        <p className="small text-body-secondary">{t('auth.profile.deleteBody')}</p>
        <Button variant="outline-danger" onClick={onDelete} disabled={pending}>
          {t('auth.profile.delete')}
        </Button>
      </Card.Body>
    </Card>
  );
}
