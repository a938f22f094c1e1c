import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Modal } from '../../../components/portal/modal';
import {
  fetchTotpEnabled,
  finishTotpSetup,
  isTotpCode,
  startTotpSetup,
  TOTP_TEXTS,
  turnOffTotp,
} from '../../../lib/auth';
import { type TotpSetupDetails, useAuth } from '../../../lib/auth-context';
import { copyToClipboard } from '../../../lib/clipboard';
import { useToasts } from '../../../lib/toasts';

export const TWO_STEP_TEXTS = {
  title: 'Two-step sign-in (authenticator app)',
  unavailable: 'Two-step sign-in is available in the cloud deployment.',
  unavailableDetail:
    'The local user-pool emulator (cognito-local) has no authenticator-app support, so it cannot be set up here.',
  turnedOn: 'Two-step sign-in is on: your next sign-in asks for a code from your authenticator app.',
  turnedOff: 'Two-step sign-in is off.',
  loadFailed: 'Could not read your two-step sign-in setting',
  actionFailed: 'Two-step sign-in could not be changed. Please try again.',
} as const;

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'error'; message: string }
  | { kind: 'off' }
  | { kind: 'setup'; details: TotpSetupDetails }
  | { kind: 'on' };

/**
 * Only the cloud user pool offers TOTP: the local runtime's /config.json names cognito-local's endpoint
 * (`userPoolEndpoint`, set only locally), and cognito-local has no AssociateSoftwareToken.
 */
async function totpOffered(): Promise<boolean> {
  const config = await (await import('../../../lib/config')).loadRuntimeConfig();
  return !config.userPoolEndpoint;
}

/** The key and link to put into the app, then the app's first code. */
function SetupForm({ details, onDone, onCancel }: { details: TotpSetupDetails; onDone(): void; onCancel(): void }) {
  const { notify } = useToasts();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const copy = async (text: string, what: string) => {
    const ok = await copyToClipboard(text);
    notify(
      ok
        ? { type: 'success', content: `${what} copied to clipboard` }
        : { type: 'error', content: `Could not copy the ${what.toLowerCase()}: select it and copy it by hand` },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isTotpCode(code)) {
      setError(TOTP_TEXTS.codeFormat);
      return;
    }
    setBusy(true);
    try {
      await finishTotpSetup(code);
      onDone();
    } catch (e) {
      setError((e as Error).message || TWO_STEP_TEXTS.actionFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={busy}>
              Verify and turn on
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">
            In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...), add an account with
            a setup key and paste the key below, or open the setup link on the device that has the app. Then enter the
            6-digit code the app shows.
          </Box>
          <FormField
            label="Setup key"
            secondaryControl={
              <Button formAction="none" iconName="copy" onClick={() => void copy(details.secret, 'Setup key')}>
                Copy
              </Button>
            }
          >
            <Input value={details.secret} readOnly ariaLabel="Setup key" />
          </FormField>
          <FormField
            label="Setup link"
            constraintText="The same key as an otpauth:// link. Keep both private."
            secondaryControl={
              <Button formAction="none" iconName="copy" onClick={() => void copy(details.uri, 'Setup link')}>
                Copy
              </Button>
            }
          >
            <Input value={details.uri} readOnly ariaLabel="Setup link" />
          </FormField>
          <FormField label="Code from the app" errorText={error} constraintText="6 digits.">
            <Input
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              ariaRequired
              ariaLabel="Code from the app"
              disabled={busy}
              onChange={({ detail }) => {
                setCode(detail.value);
                setError(undefined);
              }}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * Settings, Profile & Account (admins): turn two-step sign-in with an authenticator app (TOTP) on or
 * off for the signed-in account. The status comes from Cognito (fetchMFAPreference); locally the
 * section says the feature lives in the cloud deployment.
 */
export function TwoStepSignInContainer() {
  const { user } = useAuth();
  const { notify } = useToasts();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      if (!(await totpOffered())) {
        setState({ kind: 'unavailable' });
        return;
      }
      setState({ kind: (await fetchTotpEnabled()) ? 'on' : 'off' });
    } catch (e) {
      setState({ kind: 'error', message: (e as Error).message || TWO_STEP_TEXTS.loadFailed });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const setUp = async () => {
    setBusy(true);
    try {
      setState({ kind: 'setup', details: await startTotpSetup(user?.email ?? '') });
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || TWO_STEP_TEXTS.actionFailed });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      await turnOffTotp();
      setConfirmingOff(false);
      setState({ kind: 'off' });
      notify({ type: 'success', content: TWO_STEP_TEXTS.turnedOff });
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || TWO_STEP_TEXTS.actionFailed });
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  switch (state.kind) {
    case 'loading':
      body = <Spinner size="normal" />;
      break;
    case 'unavailable':
      body = (
        <Alert type="info" header={TWO_STEP_TEXTS.unavailable}>
          {TWO_STEP_TEXTS.unavailableDetail}
        </Alert>
      );
      break;
    case 'error':
      body = (
        <Alert
          type="error"
          header={TWO_STEP_TEXTS.loadFailed}
          action={<Button onClick={() => void load()}>Retry</Button>}
        >
          {state.message}
        </Alert>
      );
      break;
    case 'setup':
      body = (
        <SetupForm
          details={state.details}
          onCancel={() => setState({ kind: 'off' })}
          onDone={() => {
            setState({ kind: 'on' });
            notify({ type: 'success', content: TWO_STEP_TEXTS.turnedOn });
          }}
        />
      );
      break;
    case 'on':
      body = (
        <SpaceBetween size="s">
          <StatusIndicator type="success">On: sign-in asks for a code from your authenticator app</StatusIndicator>
          <Box>
            <Button loading={busy} onClick={() => setConfirmingOff(true)}>
              Turn off
            </Button>
          </Box>
        </SpaceBetween>
      );
      break;
    case 'off':
      body = (
        <SpaceBetween size="s">
          <StatusIndicator type="stopped">Off: sign-in asks for your password only</StatusIndicator>
          <Box>
            <Button loading={busy} onClick={() => void setUp()}>
              Set up
            </Button>
          </Box>
        </SpaceBetween>
      );
      break;
  }

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="A 6-digit code from an app on your phone at each sign-in, on top of your password."
        >
          {TWO_STEP_TEXTS.title}
        </Header>
      }
    >
      {body}
      {confirmingOff && (
        <Modal
          visible
          onDismiss={() => !busy && setConfirmingOff(false)}
          header="Turn off two-step sign-in?"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={busy} onClick={() => setConfirmingOff(false)}>
                  Cancel
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void turnOff()}>
                  Turn off
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          Your sign-in will ask for your password only. You can set up an authenticator app again at any time.
        </Modal>
      )}
    </Container>
  );
}
