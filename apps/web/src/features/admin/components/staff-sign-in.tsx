import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toDataURL } from 'qrcode';
import { FormContainer } from '../../../components/form-container';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useStaffSignIn, type Enrolment } from '../api/sign-in';

function EnrolmentQr({ enrolment }: { enrolment: Enrolment }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(enrolment.otpauth_url, { margin: 1, width: 200 }).then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [enrolment.otpauth_url]);
  return (
    <div className="mb-3 text-center" data-testid="enrolment">
      {src && <img src={src} width={200} height={200} alt={t('admin.signIn.qrAlt')} />}
      <p className="small mt-2 mb-0">{t('admin.signIn.secret')}</p>
      <code className="user-select-all" data-testid="totp-secret">
        {enrolment.secret}
      </code>
    </div>
  );
}

/** The staff's sign-in: password, then the authenticator code (enrolling with a QR code the first time). */
export function StaffSignIn({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const t = useT();
  const signIn = useStaffSignIn(onRecoveryCodes);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const step = signIn.data?.kind === 'otp' ? signIn.data : null;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  useEffect(() => {
    if (step?.enrolment) setEnrolment(step.enrolment);
  }, [step]);
  const asked = step !== null || enrolment !== null;
  const expired = useSession((s) => s.expired);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ username: username.trim(), password, ...(asked ? { otp: otp.trim() } : {}) });
    setOtp('');
  };

  return (
    <FormContainer>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3" id="staff-sign-in">
            {t('admin.signIn.title')}
          </h1>
          {expired && !signIn.data && <Message variant="info">{t('admin.signIn.expired')}</Message>}
          {signIn.error && <Message variant="danger">{errorMessage(signIn.error)}</Message>}
          {step && <Message variant={enrolment ? 'info' : 'warning'}>{step.message}</Message>}
          {enrolment && <EnrolmentQr enrolment={enrolment} />}
          <Form aria-labelledby="staff-sign-in" onSubmit={submit}>
            <Form.Group className="mb-3" controlId="staff-username">
              <Form.Label>{t('admin.signIn.username')}</Form.Label>
              <Form.Control
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoComplete="username"
                required
                readOnly={asked}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="staff-password">
              <Form.Label>{t('admin.signIn.password')}</Form.Label>
              <Form.Control
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                required
                readOnly={asked}
              />
            </Form.Group>
            {asked && (
              <Form.Group className="mb-3" controlId="staff-otp">
                <Form.Label>{t('admin.signIn.code')}</Form.Label>
                <Form.Control
                  value={otp}
                  onChange={(e) => setOtp(e.target.value)}
                  autoComplete="one-time-code"
                  inputMode="text"
                  required
                  autoFocus
                />
                <Form.Text>{t('admin.signIn.codeHelp')}</Form.Text>
              </Form.Group>
            )}
            <Button type="submit" disabled={signIn.isPending}>
              {t(asked ? 'admin.signIn.verify' : 'admin.signIn.submit')}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </FormContainer>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <FormContainer>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3">{t('admin.recovery.title')}</h1>
          <p>{t('admin.recovery.intro')}</p>
          <ul className="list-unstyled font-monospace" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button onClick={onDone}>{t('admin.recovery.done')}</Button>
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
