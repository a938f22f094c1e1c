import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useState } from 'react';
import { Modal } from '../../../components/portal/modal';
import type { Role } from '../../../lib/auth-context';
import { copyToClipboard } from '../../../lib/clipboard';
import { useToasts } from '../../../lib/toasts';
import { useCalendarFeed, useResetCalendarFeed } from '../api/settings';

export const FEED_TEXTS = {
  copied: 'Feed link copied to clipboard',
  copyFailed: 'Could not copy the link: select it and copy it by hand',
  reset: 'Feed link reset: the old link no longer works',
  resetFailed: 'Could not reset the feed link. Please try again.',
} as const;

/**
 * The caller's private calendar feed (iCalendar): the subscription link, Copy and Reset. The
 * trainer's feed has every session, a client's their own.
 */
export function CalendarFeedContainer({ role }: { role: Role | null | undefined }) {
  const { notify } = useToasts();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? '';

  const copy = async () => {
    const ok = await copyToClipboard(url);
    notify(ok ? { type: 'success', content: FEED_TEXTS.copied } : { type: 'error', content: FEED_TEXTS.copyFailed });
  };

  const confirmReset = async () => {
    try {
      await reset.mutateAsync();
      setConfirming(false);
      notify({ type: 'success', content: FEED_TEXTS.reset });
    } catch {
      notify({ type: 'error', content: FEED_TEXTS.resetFailed });
    }
  };

  const description =
    role === 'admin'
      ? 'Every training session, for your own calendar app.'
      : 'Your training sessions, for your own calendar app.';

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={description}
          actions={
            <Button variant="link" disabled={!url || reset.isPending} onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          }
        >
          Calendar feed
        </Header>
      }
    >
      {feed.isPending ? (
        <Spinner size="normal" />
      ) : feed.isError ? (
        <Alert
          type="error"
          action={<Button onClick={() => void feed.refetch()}>Retry</Button>}
          header="Error loading the calendar feed"
        >
          {feed.error.message}
        </Alert>
      ) : (
        <SpaceBetween size="s">
          <FormField
            label="Feed link"
            constraintText="Keep it private: anyone with the link can see these sessions."
            secondaryControl={
              <Button iconName="copy" onClick={() => void copy()}>
                Copy
              </Button>
            }
          >
            <Input value={url} readOnly ariaLabel="Feed link" />
          </FormField>
          <Box variant="p" color="text-body-secondary">
            To subscribe, add a calendar "from URL" (Google Calendar: Other calendars, From URL; Apple Calendar: File,
            New Calendar Subscription; Outlook: Add calendar, Subscribe from web) and paste this link. Calendar apps
            refresh subscriptions on their own schedule, often every few hours.
          </Box>
        </SpaceBetween>
      )}
      {confirming && (
        <Modal
          visible
          onDismiss={() => !reset.isPending && setConfirming(false)}
          header="Reset the feed link?"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={reset.isPending} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button variant="primary" loading={reset.isPending} onClick={() => void confirmReset()}>
                  Reset
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          The current link stops working at once: calendars subscribed with it will no longer update. You get a new link
          to subscribe with.
        </Modal>
      )}
    </Container>
  );
}
