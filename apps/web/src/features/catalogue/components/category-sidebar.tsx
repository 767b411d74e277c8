import type { Category } from '@marktgasse/shared';
import { useCategoryLabel } from '../../../components/categories/category-label';

/** Category groups with a heading and one radio per subcategory; each filters by the subcategory name. */
export function CategorySidebar({
  categories,
  active,
  onChange,
}: {
  categories: Category[];
  active: string | null;
  onChange: (subcategory: string | null) => void;
}) {
  const label = useCategoryLabel();
  return (
    <div className="category-sidebar">
      {categories.map((c) => (
        <fieldset key={c.id} className="mb-3">
          <legend className="h6 fw-semibold mb-2">{label(c.name)}</legend>
          {/* Bootstrap's form-check markup without its component: the sidebar holds dozens. */}
          {c.subcategory.map((s) => (
            <div className="form-check" key={s.id}>
              <input
                type="radio"
                className="form-check-input"
                name="subcategory"
                id={`subcategory-${s.id}`}
                checked={active === s.name}
                onChange={() => onChange(s.name)}
              />
              <label className="form-check-label" htmlFor={`subcategory-${s.id}`}>
                {label(s.name)}
              </label>
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
