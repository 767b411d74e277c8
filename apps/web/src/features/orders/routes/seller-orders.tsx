import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import { useNavigate } from 'react-router';
import { formatCHF } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useMySellerOrders } from '../api/orders';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import { swissDate } from '../lib/dates';
import '../orders.css';

function SellerOrdersTable() {
  const navigate = useNavigate();
  const { data, isPending, isError, error } = useMySellerOrders();
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
          <th scope="col">Completed</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {data.map((so) => (
          <tr key={so.id}>
            <td data-label="ID">{so.id}</td>
            <td data-label="Date">{swissDate(so.createdAt)}</td>
            <td data-label="Total">{formatCHF(so.totalPrice)}</td>
            <td data-label="Paid">
              <DateOrCross iso={so.order.paidAt} missing="Not paid" />
            </td>
            <td data-label="Completed">
              <DateOrCross iso={so.completedAt} missing="Not completed" />
            </td>
            <td data-label="" className="text-end">
              {so.order.isPaid ? (
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Details of seller order ${so.id}`}
                  onClick={() => navigate(paths.sellerOrder(so.id))}
                >
                  Details
                </Button>
              ) : (
                <Button size="sm" variant="outline-secondary" disabled>
                  Not Paid
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function Component() {
  usePageTitle('Seller Orders');
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">Seller Orders</h1>
        <SellerOrdersTable />
      </Container>
    </RequireLogin>
  );
}
