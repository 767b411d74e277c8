import type { Category } from '@marktgasse/shared';
import { PageLink as Link } from '../../../components/page-link';
import { useT } from '../../../i18n';
import { useCategoryLabel } from '../../../components/categories/category-label';

/** The horizontal bar of category links; each filters the grid by the category name. */
export function CategoryBar({ categories, active }: { categories: Category[]; active: string | null }) {
  const t = useT();
  const label = useCategoryLabel();
  return (
    <nav aria-label={t('catalogue.categories')} className="category-bar">
      <ul className="nav nav-pills flex-nowrap">
        <li className="nav-item">
          <Link
            to="/"
            className={`nav-link${active === null ? ' active' : ''}`}
            aria-current={active === null ? 'page' : undefined}
          >
            {t('catalogue.all')}
          </Link>
        </li>
        {categories.map((c) => (
          <li className="nav-item" key={c.id}>
            <Link
              to={`/?category=${encodeURIComponent(c.name)}`}
              className={`nav-link${active === c.name ? ' active' : ''}`}
              aria-current={active === c.name ? 'page' : undefined}
            >
              {label(c.name)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
