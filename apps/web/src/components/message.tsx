import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

/** A red (or other) alert for server messages and notices. */
export function Message({
  variant = 'info',
  children,
  className,
}: {
  variant?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Alert variant={variant} className={className} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}
