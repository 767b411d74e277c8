import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import { useNavigate } from 'react-router';
import { formatCHF, parseRappen } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useMyOrders } from '../api/orders';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import { swissDate } from '../lib/dates';
import '../orders.css';

function OrdersTable() {
  const navigate = useNavigate();
  const { data, isPending, isError, error } = useMyOrders();
  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!data.length) return <Message variant="info">You have no orders.</Message>;
  return (
    <Table striped hover className="orders-table bg-white mb-0">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Paid</th>
          <th scope="col">Payment Method</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {data.map((order) => (
          <tr key={order.id}>
            <td data-label="ID">{order.id}</td>
            <td data-label="Date">{swissDate(order.createdAt)}</td>
            <td data-label="Total">
              {formatCHF((parseRappen(order.totalPrice) ?? 0) + (parseRappen(order.totalShippingPrice) ?? 0))}
            </td>
            <td data-label="Paid">
              <DateOrCross
                iso={order.paidAt}
                missing={order.status === 'expired' ? 'Expired, not paid' : 'Not paid'}
              />
            </td>
            <td data-label="Payment Method">{order.paymentMethod}</td>
            <td data-label="" className="text-end">
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={`Details of order ${order.id}`}
                onClick={() => navigate(paths.customerOrder(order.id))}
              >
                Details
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function Component() {
  usePageTitle('My Orders');
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">My Orders</h1>
        <OrdersTable />
      </Container>
    </RequireLogin>
  );
}
