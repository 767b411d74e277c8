import Form from 'react-bootstrap/Form';
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
          {c.subcategory.map((s) => (
            <Form.Check
              key={s.id}
              type="radio"
              name="subcategory"
              id={`subcategory-${s.id}`}
              label={label(s.name)}
              checked={active === s.name}
              onChange={() => onChange(s.name)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
