import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ClientProfile } from '#shared/contracts/client-options';
import {
  MAX_CONTENT,
  MAX_SUBJECT,
  MESSAGE_PRIORITIES,
  MESSAGE_PRIORITY_LABELS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessagePriority,
  type MessageTemplate,
  type MessageType,
} from '#shared/contracts/message-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { MAX_PRESELECTED_RECIPIENTS } from '../../../lib/portal-links';
import { fullName, REDIRECT_DELAY_MS } from '../../../lib/portal-text';
import { useToasts } from '../../../lib/toasts';
import { useComposeMessages, usePreselectedRecipients, useRecipientOptions } from '../api/sent';
import { MarkdownEditor, placeholdersHelp } from './markdown-editor';
import { checkSendTime, INCOMPLETE_SEND_TIME, NO_SEND_TIME, type SendTime } from './send-time';
import { TemplatePicker } from './template-picker';

/** The date and time pickers load when "Schedule for later" is ticked (most messages go now). */
const SendTimeFields = lazy(() => import('./send-time-fields').then((m) => ({ default: m.SendTimeFields })));

import './messages.css';

const SENT_PATH = '/dashboard/messages';
const NO_RECIPIENT = 'Please select at least one recipient';
const REQUIRED = 'Subject and message content are required';

/** `from` when it is a path of this site, else the sent list (never another origin). */
const backTarget = (from: string | null) => (from?.startsWith('/') && !from.startsWith('//') ? from : SENT_PATH);

const TYPE_OPTIONS = MESSAGE_TYPES.map((t) => ({ value: t, label: MESSAGE_TYPE_LABELS[t] }));
const PRIORITY_OPTIONS = MESSAGE_PRIORITIES.map((p) => ({ value: p, label: MESSAGE_PRIORITY_LABELS[p] }));

const recipientOption = (c: ClientProfile): MultiselectProps.Option => ({
  value: c.id,
  label: fullName(c),
  description: c.email,
  tags: c.profileCompleted ? undefined : ['Profile incomplete'],
});

interface Errors {
  recipients?: string;
  form?: string;
  sendTime?: string;
}

/** The recipients picker: active clients, found by the server's search for what the trainer types. */
function RecipientsField({
  selected,
  onChange,
  error,
  disabled,
}: {
  selected: ClientProfile[];
  onChange: (clients: ClientProfile[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const { items, pickerProps } = useRecipientOptions();
  // Chosen clients stay known when the list shows another search (or none of them).
  const byId = new Map<string, ClientProfile>();
  for (const c of [...selected, ...items]) if (c.isActive) byId.set(c.id, c);
  const incomplete = selected.filter((c) => !c.profileCompleted);

  return (
    <SpaceBetween size="s">
      <FormField label="Recipients" description="Active clients. Each recipient gets their own copy." errorText={error}>
        <Multiselect
          selectedOptions={selected.map(recipientOption)}
          options={items.map(recipientOption)}
          onChange={({ detail }) => onChange(detail.selectedOptions.flatMap((o) => byId.get(o.value ?? '') ?? []))}
          filteringAriaLabel="Search clients"
          filteringPlaceholder="Search by name or email"
          placeholder="Choose clients"
          deselectAriaLabel={(o) => `Remove ${o.label}`}
          tokenLimit={8}
          i18nStrings={{ tokenLimitShowMore: 'Show more', tokenLimitShowFewer: 'Show fewer' }}
          {...pickerProps}
          invalid={!!error}
          disabled={disabled}
        />
      </FormField>
      {incomplete.length > 0 && (
        <Alert type="warning" header="Incomplete profile">
          {incomplete.map(fullName).join(', ')} {incomplete.length === 1 ? 'has' : 'have'} not completed their profile
          yet, so some details (such as dog names) may be missing.
        </Alert>
      )}
    </SpaceBetween>
  );
}

/** /dashboard/messages/compose (admin): one message to one or many clients, now or at a chosen time. */
export function ComposePage() {
  const [params] = useSearchParams();
  const from = backTarget(params.get('from'));
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();
  const compose = useComposeMessages();
  const preselectedIds = [...new Set(params.getAll('recipient'))].slice(0, MAX_PRESELECTED_RECIPIENTS);
  const preselectedQueries = usePreselectedRecipients(preselectedIds);
  const preselectedReady = preselectedQueries.every((q) => !q.isPending);
  const preselected = preselectedQueries.flatMap((q) => (q.data?.client ? [q.data.client] : []));

  const [recipients, setRecipients] = useState<ClientProfile[]>([]);
  const [subject, setSubject] = useState(() => params.get('subject') ?? '');
  const [content, setContent] = useState('');
  const [messageType, setMessageType] = useState<MessageType>('general');
  const [priority, setPriority] = useState<MessagePriority>('normal');
  const [scheduleLater, setScheduleLater] = useState(false);
  const [sendTime, setSendTime] = useState<SendTime>(NO_SEND_TIME);
  const [templateId, setTemplateId] = useState<string>();
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);

  // `?recipient=` (one or more): chosen once, when their profiles have arrived (active clients only).
  const preselectDone = useRef(false);
  useEffect(() => {
    if (!preselectedReady || preselected.length === 0 || preselectDone.current) return;
    preselectDone.current = true;
    const active = preselected.filter((c) => c.isActive);
    setRecipients((r) => [...r, ...active.filter((c) => !r.some((x) => x.id === c.id))]);
  }, [preselectedReady, preselected]);

  useEffect(() => {
    if (!sent) return;
    const t = setTimeout(() => navigate(from), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [sent, from, navigate]);

  const insertTemplate = (t: MessageTemplate) => {
    setTemplateId(t.id);
    setSubject(t.subject);
    setContent(t.content);
    setMessageType(t.templateType);
    setErrors((e) => ({ ...e, form: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (compose.isPending || sent) return;
    const when = checkSendTime(sendTime);
    const found: Errors = {
      recipients: recipients.length ? undefined : NO_RECIPIENT,
      form: subject.trim() && content.trim() ? undefined : REQUIRED,
      sendTime: when.error ?? (scheduleLater && !when.iso ? INCOMPLETE_SEND_TIME : undefined),
    };
    setErrors(found);
    if (found.recipients || found.form || found.sendTime) return;
    try {
      const result = await compose.mutateAsync({
        recipientIds: recipients.map((c) => c.id),
        subject: subject.trim(),
        content: content.trim(),
        messageType,
        priority,
        scheduledFor: when.iso ?? null,
      });
      const verb = result.status === 'scheduled' ? 'Scheduled' : 'Sent';
      notify({ type: 'success', content: `${verb} ${result.count} message(s) successfully!` });
      setSent(true);
    } catch (e) {
      notify({ type: 'error', content: 'Failed to send messages. Please try again.' });
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) setErrors({ form: e.message });
    }
  };

  const busy = compose.isPending || sent;
  const scheduling = !!(sendTime.date || sendTime.time);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href={from}>
            {from.includes('clients') ? 'Back to Client Management' : 'Back to Messages'}
          </RouterLink>
          <Header variant="h1" description="Send a message to one or more clients, now or at a set time.">
            Compose Message
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title="Compose Message | Pawsitive Portal" description="Compose a message" robots="noindex, nofollow" />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Form
          errorText={errors.form}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href={from} onFollow={follow} variant="link" disabled={busy}>
                Cancel
              </Button>
              <Button
                variant="primary"
                formAction="submit"
                loading={compose.isPending}
                disabled={sent || recipients.length === 0}
                disabledReason={recipients.length === 0 ? NO_RECIPIENT : undefined}
              >
                {scheduling ? 'Schedule Message' : 'Send Message'}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Recipients</Header>}>
              <RecipientsField
                selected={recipients}
                onChange={(next) => {
                  setRecipients(next);
                  setErrors((e) => ({ ...e, recipients: undefined }));
                }}
                error={errors.recipients}
                disabled={busy}
              />
            </Container>
            <Container header={<Header variant="h2">Message</Header>}>
              <SpaceBetween size="l">
                <ColumnLayout columns={3}>
                  <TemplatePicker
                    selectedId={templateId}
                    onInsert={insertTemplate}
                    description="Fills in subject, content and type."
                    disabled={busy}
                  />
                  <FormField label="Message type">
                    <Select
                      selectedOption={{ value: messageType, label: MESSAGE_TYPE_LABELS[messageType] }}
                      options={TYPE_OPTIONS}
                      onChange={({ detail }) => setMessageType(detail.selectedOption.value as MessageType)}
                      disabled={busy}
                    />
                  </FormField>
                  <FormField label="Priority">
                    <Select
                      selectedOption={{ value: priority, label: MESSAGE_PRIORITY_LABELS[priority] }}
                      options={PRIORITY_OPTIONS}
                      onChange={({ detail }) => setPriority(detail.selectedOption.value as MessagePriority)}
                      disabled={busy}
                    />
                  </FormField>
                </ColumnLayout>
                <FormField label="Subject" constraintText={`${subject.length} / ${MAX_SUBJECT}`}>
                  <Input
                    value={subject}
                    onChange={({ detail }) => setSubject(detail.value)}
                    nativeInputAttributes={{ maxLength: MAX_SUBJECT }}
                    invalid={errors.form === REQUIRED && !subject.trim()}
                    disabled={busy}
                  />
                </FormField>
                <MarkdownEditor
                  label="Message content"
                  viewLabel="Content view"
                  previewLabel="Message preview"
                  description={`Markdown is supported. ${placeholdersHelp("each recipient's")}`}
                  value={content}
                  onChange={setContent}
                  maxLength={MAX_CONTENT}
                  rows={12}
                  invalid={errors.form === REQUIRED && !content.trim()}
                  disabled={busy}
                />
                <Checkbox
                  checked={scheduleLater}
                  onChange={({ detail }) => {
                    setScheduleLater(detail.checked);
                    if (!detail.checked) setSendTime(NO_SEND_TIME);
                    setErrors((e) => ({ ...e, sendTime: undefined }));
                  }}
                  disabled={busy}
                  description="Leave unticked to send now."
                >
                  Schedule for later
                </Checkbox>
                {scheduleLater && (
                  <Suspense fallback={<StatusIndicator type="loading">Loading</StatusIndicator>}>
                    <SendTimeFields
                      value={sendTime}
                      onChange={(v) => {
                        setSendTime(v);
                        setErrors((e) => ({ ...e, sendTime: undefined }));
                      }}
                      error={errors.sendTime}
                      disabled={busy}
                    />
                  </Suspense>
                )}
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
