import type { Review } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { Badge } from '../../../components/plain-grid';
import { Rating } from '../../../components/rating';
import { ReportAction } from '../../../components/report-action';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { textLang } from '../../../components/text-lang';

/** `reporterId`: the signed-in user, who may report others' reviews (issue 29). */
export function ReviewList({
  reviews,
  reporterId = null,
}: {
  reviews: Review[];
  reporterId?: number | null;
}) {
  const t = useT();
  const f = useFormat();
  if (reviews.length === 0) return <Message variant="secondary">{t('catalogue.review.none')}</Message>;
  return (
    <ul className="list-group mb-4" data-testid="review-list">
      {reviews.map((r) => (
        <li key={r.id} className="list-group-item py-3">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <strong>{r.name}</strong>
            {r.verified && (
              <Badge bg="success" className="fw-normal">
                {t('catalogue.review.verified')}
              </Badge>
            )}
            <span className="small text-body-secondary ms-auto">{f.date(r.createdAt)}</span>
          </div>
          <Rating value={r.rating} />
          {r.comment && (
            <p className="mb-0 mt-2 text-pre-line" lang={textLang(r.comment)}>
              {r.comment}
            </p>
          )}
          {reporterId !== null && reporterId !== r.user && <ReportAction kind="review" id={r.id} />}
        </li>
      ))}
    </ul>
  );
}
