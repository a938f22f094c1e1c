import Flashbar from '@cloudscape-design/components/flashbar';
import { useToasts } from '../../lib/toasts';

/** The toasts of lib/toasts as a Cloudscape Flashbar. */
export function ToastFlashbar() {
  const { toasts, dismiss } = useToasts();
  return (
    <Flashbar
      items={toasts.map((t) => ({
        id: t.id,
        type: t.type,
        content: t.content,
        dismissible: true,
        dismissLabel: 'Dismiss message',
        onDismiss: () => dismiss(t.id),
        ariaRole: t.type === 'error' ? 'alert' : 'status',
      }))}
    />
  );
}
