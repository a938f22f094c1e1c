import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  INVALID_INVITATION_TEXT,
  INVITATION_LOAD_ERROR_TEXT,
  INVITATION_REQUIRED_TEXT,
} from '#shared/contracts/signup-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { ScreenBoundary } from '../../../components/portal/screen';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { useInvitation } from '../api/signup';

/** The form (with its date picker) is its own chunk, so /login does not download it. */
const SignupForm = lazy(() => import('./signup-form').then((m) => ({ default: m.SignupForm })));

const SEO = (
  <Seo title="Create Account | Pawsitive Portal" description="Create your account." robots="noindex, nofollow" />
);

function Loading({ text }: { text: string }) {
  return (
    <Box padding="l" textAlign="center">
      <StatusIndicator type="loading">{text}</StatusIndicator>
    </Box>
  );
}

/** No token in the link: accounts are created by invitation only. */
function InvitationRequired() {
  const follow = useFollow();
  return (
    <SpaceBetween size="l">
      <Header variant="h1">{INVITATION_REQUIRED_TEXT}</Header>
      <Box variant="p">
        Accounts are created by invitation from your trainer. Contact us to book a free evaluation and get started.
      </Box>
      <Button variant="primary" href="/contact" onFollow={follow}>
        Contact Us
      </Button>
    </SpaceBetween>
  );
}

/** The link cannot be used (unknown, used, expired, other e-mail) or could not be loaded. */
function InvitationProblem({ text }: { text: string }) {
  return (
    <SpaceBetween size="l">
      <Header variant="h1">Create your account</Header>
      <Alert type="error" statusIconAriaLabel="Error">
        {text}
      </Alert>
      <Box variant="p">
        Already set your password? <RouterLink href="/login">Sign in</RouterLink>. Need a new invitation?{' '}
        <RouterLink href="/contact">Contact us</RouterLink>.
      </Box>
    </SpaceBetween>
  );
}

function InvitationSignup({ token, email }: { token: string; email: string }) {
  const invitation = useInvitation(token, email);
  if (!email) return <InvitationProblem text={INVALID_INVITATION_TEXT} />;
  if (invitation.isPending) return <Loading text="Loading invitation..." />;
  if (invitation.isError) {
    const e = invitation.error;
    const refused = e instanceof ApiError && (e.status === 404 || e.status === 400);
    return <InvitationProblem text={refused ? INVALID_INVITATION_TEXT : INVITATION_LOAD_ERROR_TEXT} />;
  }
  return (
    <ScreenBoundary>
      <Suspense fallback={<Loading text="Loading..." />}>
        <SignupForm token={token} invitation={invitation.data} />
      </Suspense>
    </ScreenBoundary>
  );
}

/**
 * /signup?token=&email= (SPEC 2): without a token, Invitation Required with a Contact Us button; with
 * one, the invitation is loaded and its form shown with the e-mail locked.
 */
export function SignupPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return (
    <>
      {SEO}
      {token ? <InvitationSignup token={token} email={email} /> : <InvitationRequired />}
    </>
  );
}
