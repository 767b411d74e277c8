import Container from 'react-bootstrap/Container';
import { useT } from '../i18n';
import { LanguageSwitcher } from './language-switcher';

export function Footer() {
  const t = useT();
  return (
    <footer className="border-top bg-white mt-5">
      <Container className="py-4 d-flex flex-column flex-md-row gap-3 align-items-center justify-content-between small text-body-secondary">
        <div className="text-center text-md-start">
          <p className="mb-1">{t('footer.tagline')}</p>
          <p className="mb-0">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
        <LanguageSwitcher />
      </Container>
    </footer>
  );
}
