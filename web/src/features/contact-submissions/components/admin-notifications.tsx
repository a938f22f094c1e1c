import { PROGRAM_OPTIONS } from '#shared/contracts/contact-options';
import { showDesktopNotification } from '../../../lib/desktop-notifications';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { isContactSubmittedNotice } from '../api/contact-submissions';

const programLabel = (value: string) => PROGRAM_OPTIONS.find((o) => o.value === value)?.label ?? value;

/**
 * SPEC 6: the trainer gets a desktop notification for each new contact submission (when permission
 * is granted), on whichever portal page is open. Renders nothing.
 */
export function AdminNotifications() {
  useRealtimeMessages((message) => {
    if (!isContactSubmittedNotice(message)) return;
    const s = message.submission;
    showDesktopNotification(
      'New contact submission',
      `${s.firstName} ${s.lastName} (${s.dogName}): ${programLabel(s.program)}`,
      `contact-${s.id}`,
    );
  });
  return null;
}
