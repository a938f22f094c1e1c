import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { RouterLink } from '../../portal/components/router-link';
import type { LoginLocationState } from './require-auth';

/** Where to go after signing in: the remembered page (same-site paths only), else /dashboard. */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/dashboard';
}

export function LoginPage() {
  const auth = useAuth();
  const { notify } = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = afterLoginPath(location.state);

  if (auth.status === 'signedIn' && !busy) return <Navigate to={target} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      await auth.signIn(email, password);
      navigate(target, { replace: true });
    } catch (error) {
      // SPEC 8: the server's message in a danger toast for 5 s.
      notify({ type: 'error', content: (error as Error).message || 'Sign-in failed.', durationMs: 5000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Seo
        title="Sign In | Pawsitive Portal"
        description="Sign in to the Pawsitive portal."
        robots="noindex, nofollow"
      />
      <form onSubmit={onSubmit} noValidate>
        <Form
          header={
            <Header variant="h1" description="Trainers and clients sign in here.">
              Sign in
            </Header>
          }
          actions={
            <Button variant="primary" formAction="submit" loading={busy} loadingText="Signing in">
              Sign in
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label="Email" errorText={submitted && !email.trim() ? 'Email is required' : undefined}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                ariaRequired
                autoFocus
                onChange={({ detail }) => setEmail(detail.value)}
              />
            </FormField>
            <FormField
              label="Password"
              errorText={submitted && !password ? 'Password is required' : undefined}
              secondaryControl={<RouterLink href="/forgot-password">Forgot password?</RouterLink>}
            >
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                ariaRequired
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
      <Box margin={{ top: 'l' }} color="text-body-secondary" textAlign="center">
        Accounts are created by invitation. New to Pawsitive? <RouterLink href="/contact">Contact us</RouterLink> to
        book a free evaluation.
      </Box>
    </>
  );
}
