/**
 * The address field of Add store: suggestions from /api/geocode/ as you type (debounced),
 * in a listbox usable with the keyboard (ARIA 1.2 combobox: arrows, Enter, Escape).
 */
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { GeocodeFeature } from '@marktgasse/shared';
import { errorProps, FieldFeedback } from '../../../components/form-field';
import { useT } from '../../../i18n';
import { useCountText } from '../../../i18n/plural';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useGeocode } from '../api/geocode';
import { PrecisionBadge } from './address-precision';

interface Props {
  id: string;
  error?: string;
  value: string;
  onInput(value: string): void;
  onChoose(feature: GeocodeFeature): void;
}

export function AddressCombobox({ id, error, value, onInput, onChoose }: Props) {
  const t = useT();
  const count = useCountText();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value.trim(), 300);
  const geocode = useGeocode(open ? query : '');
  const suggestions = open && query.length >= 2 ? (geocode.data?.features ?? []) : [];
  const expanded = suggestions.length > 0;

  function choose(feature: GeocodeFeature) {
    onChoose(feature);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div>
      <Form.Label htmlFor={id}>{t('seller.field.address')}</Form.Label>
      <div className="position-relative">
        <Form.Control
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={value}
          {...errorProps(id, error, `${id}-help`)}
          onChange={(e) => {
            onInput(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              if (suggestions.length) setActive((i) => (i + 1) % suggestions.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              if (suggestions.length) setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
            } else if (e.key === 'Enter' && expanded && active >= 0) {
              e.preventDefault();
              choose(suggestions[active]!);
            } else if (e.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('seller.address.suggestions')}
          className={`list-group position-absolute w-100 shadow-sm address-suggestions${expanded ? '' : ' d-none'}`}
          style={{ zIndex: 1050, top: '100%', maxHeight: '18rem', overflowY: 'auto' }}
        >
          {suggestions.map((feature, i) => (
            <li
              key={feature.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              style={{ cursor: 'pointer' }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(feature)}
            >
              {feature.place_name}
              <PrecisionBadge precision={feature.precision} />
            </li>
          ))}
        </ul>
        <FieldFeedback id={id} error={error} />
      </div>
      <Form.Text id={`${id}-help`}>{t('seller.address.help')}</Form.Text>
      <span className="visually-hidden" aria-live="polite">
        {open && query.length >= 2 && geocode.isSuccess
          ? count('seller.address.count', suggestions.length)
          : ''}
      </span>
    </div>
  );
}
