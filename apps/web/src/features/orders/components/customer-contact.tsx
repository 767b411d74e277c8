import ListGroup from 'react-bootstrap/ListGroup';

/** Who ordered: a heading, the name (or username) and the e-mail address as a mail link. */
export function CustomerContact({
  heading,
  nameLabel,
  name,
  emailLabel,
  email,
}: {
  heading: string;
  nameLabel: string;
  name: string;
  emailLabel: string;
  email: string;
}) {
  return (
    <ListGroup.Item className="py-3">
      <h2 className="h5">{heading}</h2>
      <p className="mb-1">
        <strong>{nameLabel} </strong>
        {name}
      </p>
      <p className="mb-0">
        <strong>{emailLabel} </strong>
        <a href={`mailto:${email}`}>{email}</a>
      </p>
    </ListGroup.Item>
  );
}
