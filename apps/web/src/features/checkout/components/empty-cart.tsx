import { Link } from 'react-router';
import { Message } from '../../../components/message';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';

/** 'Your cart is empty' with the way back to the shop. */
export function EmptyCart() {
  const t = useT();
  return (
    <Message variant="info">
      {t('checkout.cart.empty')}{' '}
      <Link to={paths.home} className="ms-2">
        {t('checkout.cart.goBack')}
      </Link>
    </Message>
  );
}
