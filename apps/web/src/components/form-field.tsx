/**
 * Form controls with their errors wired the accessible way (the Shipping form's pattern): the
 * control is marked invalid and names its message with aria-describedby.
 */
import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** The props that mark a control invalid and tie its error message (and help text) to it. */
export function errorProps(id: string, error: string | undefined, describedBy?: string) {
  const ids = [describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

/** The message under a control; its id is what errorProps points at. */
export function FieldFeedback({ id, error }: { id: string; error: string | undefined }) {
  return (
    <Form.Control.Feedback type="invalid" id={`${id}-error`}>
      {error}
    </Form.Control.Feedback>
  );
}

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'id' | 'value' | 'onChange' | 'isInvalid'>;

/** A labelled input (or textarea with `as="textarea"`) and its error. */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  className = 'mb-3',
  children,
  ...control
}: ControlProps & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  className?: string;
  /** Shown after the message (help text). */
  children?: ReactNode;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...control}
        {...errorProps(id, error, control['aria-describedby'] as string | undefined)}
      />
      <FieldFeedback id={id} error={error} />
      {children}
    </Form.Group>
  );
}

/** An image file input (images only, checked again by the server) and its error. */
export function ImageField({
  id,
  label,
  error,
  onFile,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  onFile: (file: File | null) => void;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept="image/*"
        onChange={(e) => onFile((e.target as HTMLInputElement).files?.[0] ?? null)}
        {...errorProps(id, error)}
      />
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}
