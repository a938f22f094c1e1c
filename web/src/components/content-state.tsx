import './content-state.css';

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
