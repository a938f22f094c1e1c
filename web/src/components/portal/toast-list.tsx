import { useToasts } from '../../lib/toasts';

/**
 * The toasts of lib/toasts as plain HTML, for the signed-out screens (the signed-in layout shows them
 * in a Cloudscape Flashbar, toast-flashbar.tsx). Errors are alerts, the others status messages.
 */
export function ToastList() {
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toast-list">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.type}`} role={t.type === 'error' ? 'alert' : 'status'}>
          <span className="toast__content">{t.content}</span>
          <button type="button" className="toast__dismiss" aria-label="Dismiss message" onClick={() => dismiss(t.id)}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
