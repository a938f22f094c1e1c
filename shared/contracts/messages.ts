/** A message as its recipient sees it (the client inbox, the client dashboard's Recent Messages). */
export interface InboxMessage {
  id: string;
  subject: string;
  content: string;
  messageType: string;
  priority: string;
  /** When it was delivered (UTC ISO). */
  sentAt: string;
  /** When the recipient first opened it; absent while unread. */
  readAt?: string;
}

/** The message type labels the spec names (SPEC 3). */
export const MESSAGE_TYPE_LABELS: Record<string, string> = {
  general: 'General',
  feedback: 'Session Feedback',
  homework: 'Homework Assignment',
  appointment: 'Appointment Related',
  welcome: 'Welcome',
  onboarding_welcome: 'Welcome',
  onboarding_reminder: 'Reminder',
  reminder: 'Reminder',
  other: 'Other',
};
