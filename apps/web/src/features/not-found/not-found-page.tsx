import { useLocation, useNavigate } from 'react-router';
import { MESSAGES, PAGE_TITLES } from '@shopper/contract/plain';
import { Button, ButtonLink } from '../../components/button.tsx';
import { StatusPage, statusPageStyles } from '../../components/status-page.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle(PAGE_TITLES.notFound);
  const location = useLocation();
  const navigate = useNavigate();
  const hasHistory = canGoBackWithinShop();

  return (
    <StatusPage
      code="404"
      title={PAGE_TITLES.notFound}
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

/**
 * True when the previous history entry is a page of this shop. The Navigation API sees pages that
 * were loaded in full (a typed address); where it is missing, the router's in-app step count is
 * the best knowledge there is.
 */
function canGoBackWithinShop(): boolean {
  if (typeof window === 'undefined') return false;
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}
