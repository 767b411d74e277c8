import { useQuery } from '@tanstack/react-query';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { api } from '../../../lib/api-client';

interface Moderated {
  /** A new seller's shop waits for staff approval (SELLER_APPROVAL_REQUIRED, decision 290). */
  awaiting_approval?: boolean;
  suspended: boolean;
  suspended_reason: string | null;
  hidden_products: { id: number; name: string; hidden_reason: string }[];
}

/**
 * What moderation did to the seller's shop, with the reasons, and whether it still awaits
 * approval (GET /api/moderation/mine/, issue 29).
 */
export function ModerationNotice() {
  const t = useT();
  const mine = useQuery({
    queryKey: ['moderation', 'mine'],
    queryFn: () => api<Moderated>('/api/moderation/mine/'),
  });
  const data = mine.data;
  if (!data || (!data.awaiting_approval && !data.suspended && !data.hidden_products?.length)) return null;
  return (
    <div className="container mt-3" data-testid="moderation-notice">
      <Message variant="warning">
        {data.awaiting_approval && !data.suspended && (
          <p className="mb-2">{t('seller.moderation.awaitingApproval')}</p>
        )}
        {data.suspended && (
          <p className="mb-2">{t('seller.moderation.suspended', { reason: data.suspended_reason ?? '' })}</p>
        )}
        {data.hidden_products.length > 0 && (
          <>
            <p className="mb-1">{t('seller.moderation.hidden')}</p>
            <ul className="mb-0">
              {data.hidden_products.map((p) => (
                <li key={p.id}>
                  {t('seller.moderation.hiddenProduct', { name: p.name, reason: p.hidden_reason })}
                </li>
              ))}
            </ul>
          </>
        )}
      </Message>
    </div>
  );
}
