import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface MenuEntry {
  label: string;
  to?: string;
  onSelect?: () => void;
}

/**
 * The account menu of the header: a disclosure button with a list of links (Bootstrap's
 * dropdown look without its positioning library, which the home page cannot afford).
 * Escape, a click outside and focus leaving it close it; after Escape focus returns to the button.
 */
export function UserMenu({
  id,
  label,
  title,
  entries,
  heading,
}: {
  id: string;
  label: string;
  title: ReactNode;
  entries: MenuEntry[];
  heading?: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="nav-item dropdown position-relative"
      ref={root}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={id}
        type="button"
        className="nav-link dropdown-toggle btn btn-link border-0 d-inline-flex align-items-center"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
      >
        {title}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        style={{ right: 0, left: 'auto' }}
      >
        {heading && (
          <li>
            <span className="dropdown-header">{heading}</span>
          </li>
        )}
        {entries.map((entry) => (
          <li key={entry.label}>
            {entry.to ? (
              <Link className="dropdown-item" to={entry.to} onClick={() => setOpen(false)}>
                {entry.label}
              </Link>
            ) : (
              <button
                type="button"
                className="dropdown-item"
                onClick={() => {
                  setOpen(false);
                  entry.onSelect?.();
                }}
              >
                {entry.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
