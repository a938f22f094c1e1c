import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ConvertContactSubmissionResponse } from '#shared/contracts/contact';
import type { ContactStatus, ContactSubmission } from '#shared/contracts/contact-options';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { Seo } from '../../../components/seo';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { useToasts } from '../../../lib/toasts';
import {
  type ClientAction,
  contactKeys,
  convertContactSubmission,
  DELETE_BATCH,
  deleteContactSubmissions,
  deletedText,
  getContactSubmission,
  isContactSubmittedNotice,
  STATUS_OUTCOME_TEXT,
  updateContactStatus,
  useContactCache,
  useContactSubmissionList,
  useContactSubmissionsLive,
} from '../api/contact-submissions';
import { StatusActions } from './status-actions';
import { STATUS_INDICATOR, STATUS_LABELS, StatusFilter } from './status-filter';
import type { Dialog } from './submission-dialogs';
import { formatDay, formatInstant, fullName, programLabel, sexLabel } from './submission-format';

/** An opened submission and the confirmations (Modal, key-value pairs) load when needed, not with the list. */
const SubmissionDetail = lazy(() => import('./submission-detail').then((m) => ({ default: m.SubmissionDetail })));
const SubmissionDialogs = lazy(() => import('./submission-dialogs').then((m) => ({ default: m.SubmissionDialogs })));

const EMPTY_COUNTS: Record<ContactStatus, number> = { new: 0, contacted: 0, converted: 0, removed: 0 };

/** SPEC 9 / 8: toasts 5 s, 10 s after conversion, copy 3 s. */
const CONVERSION_TOAST_MS = 10_000;
const COPY_TOAST_MS = 3_000;

function emptyText(selected: readonly ContactStatus[]): string {
  return `No ${selected.map((s) => STATUS_LABELS[s].toLowerCase()).join(' or ')} submissions.`;
}

/** What "Copy login details" puts on the clipboard: the e-mail, the temporary password and the /login address. */
function loginDetailsText(result: ConvertContactSubmissionResponse): string {
  return `Email: ${result.email}\nTemporary password: ${result.temporaryPassword}\nLogin: ${result.loginUrl}`;
}

/** The conversion's result: the login e-mail, the temporary password, the /login address and the invitation link. */
function ConversionResult({
  result,
  onCopy,
  onCopyLink,
  onDismiss,
}: {
  result: ConvertContactSubmissionResponse;
  onCopy: () => void;
  onCopyLink: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert
      type="success"
      header="Client account created"
      dismissible
      onDismiss={onDismiss}
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={onCopy}>Copy login details</Button>
          <Button onClick={onCopyLink}>Copy invitation link</Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="xxs">
        <span>
          Email: <b>{result.email}</b>
        </span>
        <span>
          Temporary password: <b>{result.temporaryPassword}</b>
        </span>
        <span>
          Login: <Link href={result.loginUrl}>{result.loginUrl}</Link>
        </span>
        <span>The signup invitation (valid 7 days) has been e-mailed to the client.</span>
      </SpaceBetween>
    </Alert>
  );
}

/**
 * /dashboard/contact-submissions (admin): the submissions by status with live counts, every field,
 * status changes, conversion to a client and permanent deletion of removed submissions.
 */
export function ContactSubmissionsPage() {
  const [selected, setSelected] = useState<ContactStatus[]>(['new']);
  const [detailId, setDetailId] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const [busyId, setBusyId] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<ContactSubmission[]>([]);
  const [conversion, setConversion] = useState<ConvertContactSubmissionResponse | undefined>(undefined);
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const list = useContactSubmissionList(selected);
  const cache = useContactCache();
  useContactSubmissionsLive();

  // A new submission arrives whole: list it at once, then refetch, because a list request that was
  // already under way when it was stored may answer without it. The desktop notification for it comes
  // from the signed-in layout (AdminNotifications), on whichever portal page is open.
  const onRealtime = useCallback(
    (message: unknown) => {
      if (!isContactSubmittedNotice(message)) return;
      cache.applyCreated(message.submission);
      void cache.refresh();
    },
    [cache],
  );
  useRealtimeMessages(onRealtime);

  const fail = useCallback((e: unknown) => notify({ type: 'error', content: (e as Error).message }), [notify]);

  const changeStatus = useCallback(
    async (submission: ContactSubmission, to: ContactStatus, clientAction?: ClientAction) => {
      setBusyId(submission.id);
      try {
        const result = await updateContactStatus(submission.id, { status: to, clientAction });
        cache.applyChange(submission, result.submission);
        notify({ type: 'success', content: STATUS_OUTCOME_TEXT[result.outcome] });
        setDialog(undefined);
      } catch (e) {
        fail(e);
        setDialog(undefined);
        void cache.refresh();
      } finally {
        setBusyId(undefined);
      }
    },
    [cache, notify, fail],
  );

  /** The selector, Remove and Restore: conversions and leaving converted ask first. */
  const requestStatus = useCallback(
    async (submission: ContactSubmission, to: ContactStatus) => {
      if (to === submission.status) return;
      if (to === 'converted') {
        setDialog({ kind: 'convert', submission });
        return;
      }
      if (submission.status !== 'converted') {
        await changeStatus(submission, to);
        return;
      }
      setBusyId(submission.id);
      try {
        const detail = await queryClient.fetchQuery({
          queryKey: contactKeys.detail(submission.id),
          queryFn: ({ signal }) => getContactSubmission(submission.id, signal),
          staleTime: 0,
        });
        setDialog(
          detail.assignedProfile
            ? { kind: 'away-client', submission: detail.submission, to, profile: detail.assignedProfile }
            : { kind: 'away-plain', submission: detail.submission, to },
        );
      } catch (e) {
        fail(e);
      } finally {
        setBusyId(undefined);
      }
    },
    [changeStatus, queryClient, fail],
  );

  const convert = useCallback(
    async (submission: ContactSubmission) => {
      setBusyId(submission.id);
      try {
        const result = await convertContactSubmission(submission.id);
        cache.applyChange(submission, result.submission);
        setConversion(result);
        notify({
          type: 'success',
          content: `${fullName(submission)} is now a client. Email: ${result.email}. Temporary password: ${result.temporaryPassword}`,
          durationMs: CONVERSION_TOAST_MS,
        });
      } catch (e) {
        fail(e);
        // A client account that already exists gets the submission linked: show that change.
        void cache.refresh();
      } finally {
        setDialog(undefined);
        setBusyId(undefined);
      }
    },
    [cache, notify, fail],
  );

  const remove = useCallback(
    async (ids: string[]) => {
      setBusyId('delete');
      try {
        let deleted = 0;
        for (let i = 0; i < ids.length; i += DELETE_BATCH) {
          const batch = ids.slice(i, i + DELETE_BATCH);
          deleted += (await deleteContactSubmissions(batch)).deleted;
          cache.applyDeleted(batch);
        }
        notify({ type: 'success', content: deletedText(deleted) });
        setChosen([]);
      } catch (e) {
        fail(e);
        void cache.refresh();
      } finally {
        setDialog(undefined);
        setBusyId(undefined);
      }
    },
    [cache, notify, fail],
  );

  const copyLink = useCallback(async () => {
    if (!conversion) return;
    try {
      await navigator.clipboard.writeText(conversion.invitationLink);
      notify({ type: 'success', content: 'Invitation link copied to clipboard!', durationMs: COPY_TOAST_MS });
    } catch {
      notify({ type: 'error', content: 'Failed to copy the invitation link.', durationMs: COPY_TOAST_MS });
    }
  }, [conversion, notify]);

  const copyLoginDetails = useCallback(async () => {
    if (!conversion) return;
    try {
      await navigator.clipboard.writeText(loginDetailsText(conversion));
      notify({ type: 'success', content: 'Login details copied to clipboard!', durationMs: COPY_TOAST_MS });
    } catch {
      notify({ type: 'error', content: 'Failed to copy the login details.', durationMs: COPY_TOAST_MS });
    }
  }, [conversion, notify]);

  const onFilter = (next: ContactStatus[]) => {
    setSelected(next);
    setChosen([]);
  };

  const removedView = selected.length === 1 && selected[0] === 'removed';
  const items = list.items;
  // At 1280 px every column shows without sideways scrolling: the contact details sit under the name,
  // the program under the dog, and Convert is a button of its own.
  const columns: PlainColumn<ContactSubmission>[] = [
    {
      id: 'name',
      header: 'Name',
      isRowHeader: true,
      cell: (s) => (
        <>
          <Button variant="inline-link" onClick={() => setDetailId(s.id)}>
            {fullName(s)}
          </Button>
          <Box variant="small" display="block">
            <Link href={`mailto:${s.email}`} variant="secondary">
              <span className="cell-ellipsis" title={s.email}>
                {s.email}
              </span>
            </Link>
          </Box>
          <Box variant="small" color="text-body-secondary" display="block">
            <span className="nowrap">{s.phone}</span>
          </Box>
        </>
      ),
    },
    {
      id: 'dog',
      header: 'Dog and program',
      cell: (s) => (
        <>
          {s.dogName}
          <Box variant="small" color="text-body-secondary" display="block">
            {[s.dogBreed, sexLabel(s.dogSex), `born ${formatDay(s.dogBirthDate)}`].filter(Boolean).join(', ')}
          </Box>
          <Box variant="small" display="block">
            {programLabel(s.program)}
          </Box>
        </>
      ),
    },
    { id: 'date', header: 'Received', cell: (s) => formatInstant(s.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => <StatusIndicator type={STATUS_INDICATOR[s.status]}>{STATUS_LABELS[s.status]}</StatusIndicator>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (s) => <StatusActions submission={s} busy={busyId === s.id} onRequest={requestStatus} />,
    },
  ];

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Free-evaluation requests from the website. New requests appear here as they arrive."
          actions={
            // Desktop notifications are switched on from the top navigation, on every portal page.
            <Button iconName="refresh" ariaLabel="Refresh submissions" onClick={() => void cache.refresh()} />
          }
        >
          Contact Submissions
        </Header>
      }
    >
      <Seo
        title="Contact Submissions | Pawsitive Portal"
        description="Contact submissions"
        robots="noindex, nofollow"
      />
      <SpaceBetween size="l">
        {conversion && (
          <ConversionResult
            result={conversion}
            onCopy={() => void copyLoginDetails()}
            onCopyLink={() => void copyLink()}
            onDismiss={() => setConversion(undefined)}
          />
        )}
        <StatusFilter selected={selected} counts={list.counts ?? EMPTY_COUNTS} onChange={onFilter} />
        {detailId && (
          <Suspense fallback={<StatusIndicator type="loading">Loading submission</StatusIndicator>}>
            <SubmissionDetail
              id={detailId}
              busy={busyId === detailId}
              onRequest={requestStatus}
              onClose={() => setDetailId(undefined)}
            />
          </Suspense>
        )}
        {list.isError && items.length === 0 ? (
          <Alert
            type="error"
            header="Could not load contact submissions"
            action={<Button onClick={() => void list.refetch()}>Retry</Button>}
          >
            {list.error.message}
          </Alert>
        ) : (
          <PlainTable
            items={items}
            columnDefinitions={columns}
            trackBy="id"
            label="Contact submissions"
            loading={list.isPending}
            loadingText="Loading submissions"
            selection={
              removedView
                ? {
                    type: 'multi',
                    selectedItems: chosen,
                    onChange: setChosen,
                    allLabel: 'Select all listed submissions',
                    itemLabel: (item) => `Select ${fullName(item)}`,
                    groupLabel: 'Submissions to delete',
                  }
                : undefined
            }
            header={
              <Header
                variant="h2"
                counter={list.isPending ? undefined : `(${items.length}${list.hasNextPage ? '+' : ''})`}
                actions={
                  removedView ? (
                    <Button
                      disabled={chosen.length === 0}
                      loading={busyId === 'delete'}
                      onClick={() => setDialog({ kind: 'delete', ids: chosen.map((s) => s.id) })}
                    >
                      {`Delete permanently${chosen.length ? ` (${chosen.length})` : ''}`}
                    </Button>
                  ) : undefined
                }
              >
                {selected.map((s) => STATUS_LABELS[s]).join(' + ')}
              </Header>
            }
            footer={
              list.hasNextPage ? (
                <Box textAlign="center">
                  <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                    Load more
                  </Button>
                </Box>
              ) : undefined
            }
            empty={
              <Box textAlign="center" color="inherit" padding="l">
                <b>{emptyText(selected)}</b>
                <Box variant="p" color="inherit">
                  Requests sent from the website's contact form appear here.
                </Box>
              </Box>
            }
          />
        )}
      </SpaceBetween>
      {dialog && (
        <Suspense fallback={null}>
          <SubmissionDialogs
            dialog={dialog}
            busy={!!busyId}
            onCancel={() => setDialog(undefined)}
            onConvert={(s) => void convert(s)}
            onStatus={(s, to, action) => void changeStatus(s, to, action)}
            onDelete={(ids) => void remove(ids)}
          />
        </Suspense>
      )}
    </ContentLayout>
  );
}
