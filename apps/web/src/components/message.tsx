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
  const role = live ? (variant === 'danger' ? 'alert' : 'status') : undefined;
  // A message that stays as it is renders as Alert does when shown (its fade-in is done when it
  // mounts): the same element and classes without Alert's transition machinery, which showed in
  // the server's render of every product page (docs/decisions/297).
  if (!onClose && role)
    return (
      <div
        id={id}
        role={role}
        className={['fade', className, 'alert', `alert-${variant}`, 'show'].filter(Boolean).join(' ')}
      >
        {children}
      </div>
    );
  return (
    <Alert
      id={id}
      variant={variant}
      className={className}
      role={role}
      dismissible={Boolean(onClose)}
      onClose={onClose}
      closeLabel={closeLabel}
    >
      {children}
    </Alert>
  );
}
