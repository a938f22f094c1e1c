import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { type ReactElement, useState } from 'react';
import { pushSupported } from '../../../lib/push-device';
import { useToasts } from '../../../lib/toasts';
import { usePushDevices, useSwitchPush } from '../api/push';
import { TabLoadError, TabLoading } from './settings-states';

export const NOTIFICATIONS_TEXTS = {
  unsupported: 'This browser cannot show notifications.',
  notConfigured: 'Push notifications are not set up for this portal yet.',
  denied: 'Notifications are blocked for this site in your browser.',
  deniedHowTo:
    "To allow them again, open the site's settings in your browser (the icon beside the address, or Settings → Site settings → Notifications), allow notifications for this site, then reload this page.",
  toggle: 'Notify me on this device',
  on: 'This device gets notifications',
  off: 'This device does not get notifications',
  turnedOn: 'Notifications are on for this device.',
  turnedOff: 'Notifications are off for this device.',
  failed: 'Notifications could not be changed. Please try again.',
} as const;

function PushSwitch({ publicKey, thisDeviceOn }: { publicKey: string; thisDeviceOn: boolean }) {
  const { notify } = useToasts();
  const change = useSwitchPush();
  const [permission, setPermission] = useState<NotificationPermission>(() => Notification.permission);

  const toggle = async (on: boolean) => {
    try {
      const result = await change.mutateAsync({ on, publicKey });
      setPermission(result);
      if (result === 'granted' || !on)
        notify({ type: 'success', content: on ? NOTIFICATIONS_TEXTS.turnedOn : NOTIFICATIONS_TEXTS.turnedOff });
    } catch {
      notify({ type: 'error', content: NOTIFICATIONS_TEXTS.failed });
    }
  };

  const status = change.isPending ? (
    <StatusIndicator type="loading">Saving</StatusIndicator>
  ) : thisDeviceOn ? (
    <StatusIndicator type="success">{NOTIFICATIONS_TEXTS.on}</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">{NOTIFICATIONS_TEXTS.off}</StatusIndicator>
  );

  return (
    <SpaceBetween size="m">
      <KeyValuePairs items={[{ label: 'This device', value: status }]} />
      {permission === 'denied' ? (
        <Alert type="warning" header={NOTIFICATIONS_TEXTS.denied}>
          {NOTIFICATIONS_TEXTS.deniedHowTo}
        </Alert>
      ) : null}
      <Toggle
        checked={thisDeviceOn}
        disabled={change.isPending || (permission === 'denied' && !thisDeviceOn)}
        onChange={({ detail }) => void toggle(detail.checked)}
        description="A notice on this phone or computer when something new arrives, even with the portal closed."
      >
        {NOTIFICATIONS_TEXTS.toggle}
      </Toggle>
    </SpaceBetween>
  );
}

/** Settings → Notifications (clients and the trainer): push notifications on this device (ADR 0058). */
export function NotificationsTab() {
  const supported = pushSupported();
  const devices = usePushDevices(supported);
  let content: ReactElement;
  if (!supported) {
    content = <Box variant="p">{NOTIFICATIONS_TEXTS.unsupported}</Box>;
  } else if (devices.isPending) {
    content = <TabLoading>Loading notifications</TabLoading>;
  } else if (devices.isError) {
    content = (
      <TabLoadError
        header="Notifications could not be loaded"
        error={devices.error}
        onRetry={() => void devices.refetch()}
      />
    );
  } else if (!devices.data.publicKey) {
    content = <Box variant="p">{NOTIFICATIONS_TEXTS.notConfigured}</Box>;
  } else {
    const { publicKey, items, thisDeviceId } = devices.data;
    const thisDeviceOn = Boolean(thisDeviceId && items.some((d) => d.id === thisDeviceId));
    content = <PushSwitch publicKey={publicKey} thisDeviceOn={thisDeviceOn} />;
  }
  return <Container header={<Header variant="h2">Push notifications</Header>}>{content}</Container>;
}
