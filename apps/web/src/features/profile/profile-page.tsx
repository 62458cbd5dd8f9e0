import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_UI_MESSAGES as UI, PROFILE_REFETCH_THROTTLE_MS } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useLogout } from '../../hooks/use-logout.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useCurrentUser, useRefreshUserWhenOlderThan } from '../../lib/current-user.ts';
import { AccountSection } from './components/account-section.tsx';
import { AddressBookSection } from './components/address-book-section.tsx';
import { AddressSection } from './components/address-section.tsx';
import { BasicInfoSection } from './components/basic-info-section.tsx';
import { DataSection } from './components/data-section.tsx';
import { EmailSection } from './components/email-section.tsx';
import { PasswordSection } from './components/password-section.tsx';
import { SavedCardsSection } from './components/saved-cards-section.tsx';
import styles from './profile.module.css';

/** /profile (docs/product.md#profile): eight sections in order (the address book and the saved cards after the shipping address), then the customer's data (docs/product.md#your-data), behind the login guard. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { user, isLoading, isError, refetch } = useCurrentUser();
  const logout = useLogout();
  const [searchParams, setSearchParams] = useSearchParams();
  // docs/product.md#profile: the fetch on load is throttled to one every 5 s.
  useRefreshUserWhenOlderThan(PROFILE_REFETCH_THROTTLE_MS);

  // tokenExpired=true shows its error once and leaves the URL (replace).
  const [isTokenExpired] = useState(() => searchParams.get('tokenExpired') === 'true');
  useEffect(() => {
    if (!searchParams.has('tokenExpired')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('tokenExpired');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  let content;
  if (user) {
    content = (
      <div className={styles.sections}>
        <EmailSection user={user} />
        <BasicInfoSection user={user} />
        <AddressSection user={user} />
        <AddressBookSection user={user} />
        <SavedCardsSection />
        <PasswordSection />
        <AccountSection onDisabled={logout} />
        <DataSection onErased={logout} />
      </div>
    );
  } else if (isLoading) {
    content = <Spinner label="Loading your profile…" />;
  } else if (isError) {
    content = (
      <Alert tone="error">
        {UI.loadUserProfileFailed}{' '}
        <Button variant="ghost" size="small" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </Button>
      </Alert>
    );
  }

  return (
    <>
      <PageHeader title="Profile" breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Profile' }]} />
      <Container isSection>
        <div className={styles.layout}>
          {isTokenExpired ? <Alert tone="error">{UI.passwordChangeExpired}</Alert> : null}
          {content}
        </div>
      </Container>
    </>
  );
}
