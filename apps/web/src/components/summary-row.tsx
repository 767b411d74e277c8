import ListGroup from 'react-bootstrap/ListGroup';

/** One line of a summary card: a label and its value; `strong` for the total. */
export function SummaryRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <ListGroup.Item className="d-flex justify-content-between">
      <span className={strong ? 'fw-semibold' : undefined}>{label}</span>
      <span className={strong ? 'fw-bold' : undefined} data-testid={testId}>
        {value}
      </span>
    </ListGroup.Item>
  );
}
