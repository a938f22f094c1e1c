import './auth-form.css';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { Spinner } from '../../../components/spinner';

/*
 * The signed-out screens (sign-in, password reset, sign-up's invitation states) are plain HTML with a
 * small stylesheet in the portal's look, not Cloudscape: /login must load at most 150 KB gzip of JS and
 * CSS (ADR 0015), and Cloudscape's shared runtime alone is more than that.
 */

/** The form's title and its one-line description. */
export function AuthHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="auth-header">
      <h1>{title}</h1>
      {description && <p>{description}</p>}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Shown under the field, replaced by the error when there is one. */
  hint?: string;
  error?: string;
  /** A link on the label's line (e.g. "Forgot password?"). */
  secondary?: ReactNode;
}

/** A labelled input with its hint or error, tied to the input by aria-describedby. */
export function TextField({ label, value, onValueChange, hint, error, secondary, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="auth-field">
      <div className="auth-field__label-row">
        <label htmlFor={id}>{label}</label>
        {secondary}
      </div>
      <input
        id={id}
        className="auth-field__input"
        value={value}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="auth-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="auth-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The form's main action; while `busy` it is disabled and shows a spinner. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary auth-button" disabled={busy} aria-busy={busy || undefined}>
      {busy && <Spinner size={16} />}
      {children}
    </button>
  );
}

/** A secondary action inside a form (Cancel, Send a new code). */
export function SecondaryButton({
  busy = false,
  disabled = false,
  onClick,
  children,
}: {
  busy?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="auth-link-button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <Spinner size={14} />}
      {children}
    </button>
  );
}

/** A form-level error (the server's message), announced when it appears. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="auth-alert" role="alert">
      <span className="visually-hidden">Error: </span>
      {children}
    </div>
  );
}

/** The form's actions, right-aligned (stacked full-width on small screens). */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="auth-actions">{children}</div>;
}
