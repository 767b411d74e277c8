/**
 * A labelled search field; the caller debounces the value. Bootstrap's input-group markup on plain
 * elements: the field is part of the home's first render, where React-Bootstrap's form components
 * cost a phone several milliseconds for no behaviour of their own.
 */
export function SearchBox({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="search-box">
      <label htmlFor={id} className="visually-hidden form-label">
        {label}
      </label>
      <div className="input-group">
        <span aria-hidden="true" className="bg-white input-group-text">
          <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
            <path d="M11.7 10.3a6 6 0 1 0-1.4 1.4l3.6 3.6 1.4-1.4-3.6-3.6zM6.5 11a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" />
          </svg>
        </span>
        <input
          id={id}
          type="search"
          className="form-control"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </form>
  );
}
