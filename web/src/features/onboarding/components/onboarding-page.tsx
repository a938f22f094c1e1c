import './onboarding.css';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ONBOARDING_TEXTS } from '#shared/contracts/onboarding-options';
import { LogoMark } from '../../../components/logo';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { Seo } from '../../../components/seo';
import type { LoginLocationState } from '../../../lib/auth-context';
import { useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { useOnboarding } from '../api/onboarding';
import { OnboardingWizard } from './onboarding-wizard';

export const ONBOARDING_TITLE = 'Complete Your Profile';

/** The wizard's own frame: brand, Sign out and toasts, without the portal's navigation (not yet needed). */
function OnboardingFrame({ children, signedIn }: { children: ReactNode; signedIn: boolean }) {
  const { signOut } = useAuth();
  const { notify } = useToasts();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (e) {
      console.error('Sign out failed', e);
      notify({ type: 'error', content: ONBOARDING_TEXTS.signOutFailed });
      setSigningOut(false);
      return;
    }
    navigate('/login', { replace: true });
  };

  return (
    <div className="onboarding">
      <header className="onboarding__bar">
        <a href="/" className="onboarding__brand">
          <LogoMark size={32} />
          <span>Pawsitive Dog Training</span>
        </a>
        {signedIn && (
          <Button onClick={() => void onSignOut()} loading={signingOut} loadingText="Signing out">
            Sign out
          </Button>
        )}
      </header>
      <div className="onboarding__toasts">
        <ToastFlashbar />
      </div>
      <main className="onboarding__main">
        <Seo
          title={`${ONBOARDING_TITLE} | Pawsitive Portal`}
          description={ONBOARDING_TITLE}
          robots="noindex, nofollow"
        />
        <SpaceBetween size="l">
          <Header variant="h1" description="A few details about you and your dogs, so training can start well.">
            {ONBOARDING_TITLE}
          </Header>
          {children}
        </SpaceBetween>
      </main>
    </div>
  );
}

/** The signed-in client's wizard, from the saved step and draft; a completed profile goes to the dashboard. */
function ClientOnboarding() {
  const state = useOnboarding();
  if (state.isPending) {
    return (
      <Container>
        <StatusIndicator type="loading">Loading your profile...</StatusIndicator>
      </Container>
    );
  }
  if (state.isError) {
    return (
      <Alert
        type="error"
        header="Your profile could not be loaded"
        action={
          <Button onClick={() => void state.refetch()} loading={state.isFetching}>
            Retry
          </Button>
        }
      >
        {state.error.message}
      </Alert>
    );
  }
  if (state.data.profileCompleted || !state.data.data) return <Navigate to="/dashboard" replace />;
  return <OnboardingWizard initialStep={state.data.step} initialData={state.data.data} />;
}

/**
 * /onboarding (SPEC 2, 4): the 3-step wizard of a client whose profile is not completed. Signed out,
 * it asks to log in (it does not send the visitor away by itself); an admin has nothing to complete.
 */
export function OnboardingPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();

  if (status === 'loading') {
    return (
      <OnboardingFrame signedIn={false}>
        <div className="portal-center" role="status">
          <Spinner size="large" />
          <span className="visually-hidden">Checking your session...</span>
        </div>
      </OnboardingFrame>
    );
  }
  if (status === 'signedOut') {
    const state: LoginLocationState = { from: '/onboarding' };
    return (
      <OnboardingFrame signedIn={false}>
        <Container>
          <SpaceBetween size="m">
            <Box variant="p">{ONBOARDING_TEXTS.signedOut}</Box>
            <Button
              variant="primary"
              href="/login"
              onFollow={(e) => {
                e.preventDefault();
                navigate('/login', { state });
              }}
            >
              Log in
            </Button>
          </SpaceBetween>
        </Container>
      </OnboardingFrame>
    );
  }
  if (user?.role !== 'client') return <Navigate to="/dashboard" replace />;
  return (
    <OnboardingFrame signedIn>
      <ClientOnboarding />
    </OnboardingFrame>
  );
}
