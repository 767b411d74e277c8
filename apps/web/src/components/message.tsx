import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

/**
 * A red (or other) alert for server messages and notices. With `onClose` it has a close button
 * (notices that stay until dismissed); `live={false}` for a notice announced another way.
 */
export function Message({
  variant = 'info',
  children,
  className,
  id,
  onClose,
  closeLabel,
  live = true,
}: {
  variant?: string;
  children: ReactNode;
  className?: string;
  id?: string;
  onClose?: () => void;
  closeLabel?: string;
  live?: boolean;
}) {
  return (
    <Alert
      id={id}
      variant={variant}
      className={className}
      role={live ? (variant === 'danger' ? 'alert' : 'status') : undefined}
      dismissible={Boolean(onClose)}
      onClose={onClose}
      closeLabel={closeLabel}
    >
      {children}
    </Alert>
  );
}
