import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type ClassRoster,
  MAX_ATTENDANCE_NOTE,
  type RosterEntry,
} from '#shared/contracts/class-options';
import { VACCINE_LABELS } from '#shared/contracts/vaccination-options';
import { Modal } from '../../../components/portal/modal';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { useToasts } from '../../../lib/toasts';
import { useMarkAttendance, useRoster } from '../api/classes';
import { formatMeetingRange } from './class-format';

/** "In order", or what is missing or expired on the meeting's date ("Rabies expired, DHPP missing"). */
export function vaccinationText(e: Pick<RosterEntry, 'vaccinationGaps'>): string {
  const gaps = e.vaccinationGaps ?? [];
  if (!gaps.length) return 'In order';
  return gaps.map((g) => `${VACCINE_LABELS[g.vaccine]} ${g.state}`).join(', ');
}

export const attendanceText = (e: Pick<RosterEntry, 'attendance'>) =>
  e.attendance ? ATTENDANCE_STATUS_LABELS[e.attendance.status] : 'Not marked';

function NoteModal({
  entry,
  busy,
  onCancel,
  onSave,
}: {
  entry: RosterEntry;
  busy: boolean;
  onCancel: () => void;
  onSave: (status: AttendanceStatus, note: string) => void;
}) {
  const [status, setStatus] = useState<AttendanceStatus>(entry.attendance?.status ?? 'present');
  const [note, setNote] = useState(entry.attendance?.note ?? '');
  return (
    <Modal
      visible
      header={`Attendance of ${entry.dogName}`}
      onDismiss={() => !busy && onCancel()}
      closeAriaLabel="Close dialog"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={() => onSave(status, note)}>
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Attendance">
          <RadioGroup
            value={status}
            onChange={({ detail }) => setStatus(detail.value as AttendanceStatus)}
            items={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: ATTENDANCE_STATUS_LABELS[s] }))}
          />
        </FormField>
        <FormField
          label="Note for the owner"
          description={`${entry.clientName} sees this note with the class, as they see session notes.`}
          constraintText={`${note.length}/${MAX_ATTENDANCE_NOTE}`}
        >
          <Textarea
            value={note}
            rows={4}
            onChange={({ detail }) => setNote(detail.value.slice(0, MAX_ATTENDANCE_NOTE))}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

/**
 * The roster per meeting (docs/decisions/0072-class-attendance.md): a meeting picker (the server opens on
 * today's or the next meeting), each enrolled dog with its owner's contacts, its vaccinations on the
 * meeting's date, and its mark and note. Marking is possible once the meeting has started; the first
 * mark of a dog uses one of the credits its seat holds.
 */
export function MeetingAttendance({ initial }: { initial: ClassRoster }) {
  const { notify } = useToasts();
  const classId = initial.class.id;
  const [picked, setPicked] = useState<string>();
  const roster = useRoster(classId, picked);
  const mark = useMarkAttendance(classId);
  const [editing, setEditing] = useState<RosterEntry>();
  const data = picked ? roster.data : (roster.data ?? initial);
  const meeting = data?.meeting ?? null;
  const started = !!meeting && Date.parse(meeting.startsAt) <= Date.now();

  const options = initial.class.meetings.map((m, i) => ({
    value: m.id,
    label: `Meeting ${i + 1}: ${formatMeetingRange(m)}`,
  }));

  const save = (e: RosterEntry, status: AttendanceStatus, note: string | null) => {
    if (!meeting) return;
    mark.mutate(
      { meetingId: meeting.id, dogId: e.dogId, status, note },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            content: `${e.dogName} is marked ${ATTENDANCE_STATUS_LABELS[status].toLowerCase()}`,
          });
          setEditing(undefined);
        },
        onError: (err) => notify({ type: 'error', content: err.message || 'Failed to mark attendance' }),
      },
    );
  };

  const columns: PlainColumn<RosterEntry>[] = [
    { id: 'dog', header: 'Dog', isRowHeader: true, cell: (e) => <b>{e.dogName}</b> },
    { id: 'owner', header: 'Owner', cell: (e) => e.clientName },
    { id: 'email', header: 'Email', cell: (e) => (e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : '—') },
    { id: 'phone', header: 'Phone', cell: (e) => (e.phone ? <a href={`tel:${e.phone}`}>{e.phone}</a> : '—') },
    {
      id: 'vaccinations',
      header: 'Vaccinations',
      cell: (e) => (
        <StatusIndicator type={e.vaccinationGaps?.length ? 'warning' : 'success'}>{vaccinationText(e)}</StatusIndicator>
      ),
    },
    {
      id: 'attendance',
      header: 'Attendance',
      cell: (e) => (
        <StatusIndicator
          type={!e.attendance ? 'pending' : e.attendance.status === 'present' ? 'success' : 'stopped'}
          colorOverride={e.attendance ? undefined : 'grey'}
        >
          {attendanceText(e)}
        </StatusIndicator>
      ),
    },
    { id: 'note', header: 'Note', cell: (e) => e.attendance?.note ?? '—' },
    {
      id: 'actions',
      header: 'Mark',
      cell: (e) => (
        <SpaceBetween direction="horizontal" size="xs">
          {ATTENDANCE_STATUSES.map((s) => (
            <Button
              key={s}
              variant="inline-link"
              disabled={!started || mark.isPending || e.attendance?.status === s}
              ariaLabel={`Mark ${e.dogName} ${ATTENDANCE_STATUS_LABELS[s].toLowerCase()}`}
              onClick={() => save(e, s, e.attendance?.note ?? null)}
            >
              {ATTENDANCE_STATUS_LABELS[s]}
            </Button>
          ))}
          <Button
            variant="inline-link"
            disabled={!started}
            ariaLabel={`Note for ${e.dogName}`}
            onClick={() => setEditing(e)}
          >
            Note
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  return (
    <Container
      header={
        <Header variant="h2" description="The first mark of a dog for a meeting uses one of the credits it holds.">
          Attendance
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Meeting">
          <Select
            selectedOption={options.find((o) => o.value === meeting?.id) ?? null}
            onChange={({ detail }) => setPicked(detail.selectedOption.value)}
            options={options}
            placeholder="Choose a meeting"
          />
        </FormField>
        {meeting && !started && (
          <Alert type="info">This meeting has not started yet: its attendance can be marked once it starts.</Alert>
        )}
        {roster.isError && picked ? (
          <Alert type="error" header="Failed to load the meeting">
            {roster.error.message}
          </Alert>
        ) : !data ? (
          <StatusIndicator type="loading">Loading the meeting</StatusIndicator>
        ) : (
          <PlainTable
            label="Attendance"
            columnDefinitions={columns}
            items={data.enrolled}
            trackBy="id"
            empty={
              <Box textAlign="center" color="inherit" padding="l">
                No dog is enrolled yet.
              </Box>
            }
          />
        )}
      </SpaceBetween>
      {editing && (
        <NoteModal
          entry={editing}
          busy={mark.isPending}
          onCancel={() => setEditing(undefined)}
          onSave={(status, note) => save(editing, status, note.trim() || null)}
        />
      )}
    </Container>
  );
}
