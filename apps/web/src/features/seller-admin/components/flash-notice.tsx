import Fade from 'react-bootstrap/Fade';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFlashNotice } from '../hooks/use-flash-notice';

/** The success notice a create page hands over; fades after 1.5 s (spec §4). */
export function FlashNotice() {
  const t = useT();
  const { notice, visible } = useFlashNotice();
  if (!notice) return null;
  return (
    <Fade in={visible} appear unmountOnExit>
      <div>
        <Message variant="success">{t(notice)}</Message>
      </div>
    </Fade>
  );
}
