import { useEffect } from 'react';
import { announce } from '../../../components/announcer';
import { moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFlashNotice } from '../hooks/use-flash-notice';

/**
 * The success notice a create page hands over: announced through the app's live region (a region
 * inserted with the new page is not reliably read) and shown until dismissed (decision 186).
 */
export function FlashNotice() {
  const t = useT();
  const { notice, dismiss } = useFlashNotice();
  const text = notice ? t(notice) : '';
  useEffect(() => {
    if (text) announce(text);
  }, [text]);
  if (!notice) return null;
  return (
    <Message
      variant="success"
      live={false}
      closeLabel={t('components.confirm.close')}
      onClose={() => {
        dismiss();
        moveFocus(() => null);
      }}
    >
      {text}
    </Message>
  );
}
