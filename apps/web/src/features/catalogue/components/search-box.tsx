import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

/** A labelled search field; the caller debounces the value. */
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
    <Form role="search" onSubmit={(e) => e.preventDefault()} className="search-box">
      <Form.Label htmlFor={id} className="visually-hidden">
        {label}
      </Form.Label>
      <InputGroup>
        <InputGroup.Text aria-hidden="true" className="bg-white">
          <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
            <path d="M11.7 10.3a6 6 0 1 0-1.4 1.4l3.6 3.6 1.4-1.4-3.6-3.6zM6.5 11a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" />
          </svg>
        </InputGroup.Text>
        <Form.Control
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          onChange={(e) => onChange(e.target.value)}
        />
      </InputGroup>
    </Form>
  );
}
