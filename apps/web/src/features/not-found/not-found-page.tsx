import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@shopper/contract';
import { Button, ButtonLink } from '../../components/button.tsx';
import { StatusPage, statusPageStyles } from '../../components/status-page.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const location = useLocation();
  const navigate = useNavigate();
  const hasHistory = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;

  return (
    <StatusPage
      code="404"
      title="Page Not Found"
      actions={
        <>
          <Button variant="secondary" onClick={() => void (hasHistory ? navigate(-1) : navigate('/'))}>
            Go Back
          </Button>
          <ButtonLink to="/">Return to Homepage</ButtonLink>
        </>
      }
    >
      <p className={statusPageStyles.path}>{location.pathname}</p>
      <p className={statusPageStyles.text}>{MESSAGES.pageNotFound}</p>
    </StatusPage>
  );
}
