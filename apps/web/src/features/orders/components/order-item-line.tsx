import type { ReactNode } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import type { OrderItem } from '@marktgasse/shared';
import { OrderThumb } from './order-thumb';

/** One line of an order: picture, name and price line, and at the end what the page adds (state, action). */
export function OrderItemLine({
  item,
  name,
  detail,
  children,
}: {
  item: OrderItem;
  name: ReactNode;
  detail: ReactNode;
  children?: ReactNode;
}) {
  return (
    <ListGroup.Item className="d-flex flex-wrap gap-2 gap-md-3 align-items-center">
      <OrderThumb src={item.image} alt={item.name} />
      <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
        {name}
        <div className="small text-body-secondary">{detail}</div>
      </div>
      {children}
    </ListGroup.Item>
  );
}
