import { MailIcon } from '../../components/icons';
import { PlainLink } from '../../components/portal/plain-link';
import { MESSAGE_PATHS } from '../portal-paths';

/**
 * The client's inbox in the top bar, with the unread count, on every screen and every width (the side
 * navigation's badge is out of sight in the closed drawer on a phone).
 */
export function InboxLink({ unread }: { unread: number | undefined }) {
  return (
    <PlainLink
      href={MESSAGE_PATHS.inbox}
      className="shell-header__action shell-inbox"
      aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}
    >
      <MailIcon size={18} />
      <span className="shell-inbox__text">Messages</span>
      {unread ? (
        <span className="shell-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </PlainLink>
  );
}
