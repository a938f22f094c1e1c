import './content-state.css';
import { Spinner } from './spinner';

/** Loading spinner of a content list or view (SPEC 4 "loading"). */
export function ContentLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="content-state content-state--loading" role="status">
      <Spinner size={32} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Empty or error text of a content list (SPEC 2 and 8 texts). Errors are announced. */
export function ContentMessage({ kind, children }: { kind: 'empty' | 'error'; children: string }) {
  return (
    <p
      className={`content-state content-state--${kind}`}
      role={kind === 'error' ? 'alert' : undefined}
      data-state={kind}
    >
      {children}
    </p>
  );
}
