import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { BUSINESS } from '#shared/content/builtin';
import type { ContactRequest } from '#shared/contracts/contact';
import { CONTACT_SUCCESS_TEXT, contactFailureText, PROGRAM_OPTIONS } from '#shared/contracts/contact-options';
import { CheckIcon } from '../../../components/content-icons';
import { Spinner } from '../../../components/spinner';
import { contactFormSubmit, sendAnalyticsEvent } from '../../../lib/analytics';
import { loadBusinessInfo } from '../../../lib/business-info';
import { loadRuntimeConfigLazily } from '../../../lib/config-lazy';
import type { RuntimeConfig } from '../../../lib/config-store';
import { submitContactRequest } from '../api/submit-contact';

/** SPEC 9: the contact alert hides after 3 s. */
export const CONTACT_ALERT_HIDE_MS = 3000;

type FormValues = Omit<ContactRequest, 'program' | 'dogSex' | 'website'> & {
  program: ContactRequest['program'] | '';
  dogSex: ContactRequest['dogSex'] | '';
  website: string;
};

const EMPTY: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dogName: '',
  dogBreed: '',
  dogBirthDate: '',
  dogSex: '',
  program: '',
  message: '',
  website: '',
};

type Status = 'idle' | 'submitting' | 'success' | 'error';

export interface ContactFormProps {
  /** How the configuration is obtained (tests may inject one). */
  loadConfig?: () => Promise<Pick<RuntimeConfig, 'apiUrl' | 'businessEmail'>>;
  /**
   * Prefix of the fields' ids. Fixed, not `useId()`: the form is hydrated as its own island
   * (app/contact-island.tsx), where React's ids would differ from the whole page's prerender.
   */
  idPrefix?: string;
  /** Called once the form has taken up what was typed before hydration and handles submits (app/islands.ts). */
  onReady?: () => void;
}

function toRequest(v: FormValues): ContactRequest {
  const body: ContactRequest = {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    program: v.program as ContactRequest['program'],
    message: v.message.trim(),
    dogName: v.dogName.trim(),
    dogBreed: v.dogBreed.trim(),
    dogBirthDate: v.dogBirthDate,
    dogSex: v.dogSex as ContactRequest['dogSex'],
  };
  // The honeypot only travels when something (a bot) filled it in.
  if (v.website) body.website = v.website;
  return body;
}

/** The free-evaluation form (SPEC 2, 3, 4, 5): three sections, all fields required in the browser. */
export function ContactForm({ loadConfig = loadRuntimeConfigLazily, idPrefix = 'contact', onReady }: ContactFormProps) {
  const id = idPrefix;
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const [failureEmail, setFailureEmail] = useState<string>(BUSINESS.defaultEmail);
  const [today, setToday] = useState<string | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  // The prerendered form can be typed into and sent before its script runs: the page holds such a submit
  // (app/islands.ts) and makes it again once the form has what was typed (onReady).
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    // Set after hydration so the static HTML never disagrees with the visitor's clock.
    setToday(new Date().toLocaleDateString('en-CA'));
    // Keep what the visitor typed before hydration.
    const form = formRef.current;
    if (form) {
      const typed = new FormData(form);
      setValues((v) => {
        const next = { ...v };
        for (const key of Object.keys(EMPTY) as (keyof FormValues)[]) {
          const value = typed.get(key);
          if (typeof value === 'string' && value && !v[key]) (next as Record<string, string>)[key] = value;
        }
        return next;
      });
    }
    setHydrated(true);
    return () => clearTimeout(hideTimer.current);
  }, []);
  useEffect(() => {
    if (hydrated) onReady?.();
  }, [hydrated, onReady]);

  const set = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { name, value } = e.target;
    setValues((v) => ({ ...v, [name]: value }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'submitting') return;
    // SPEC 7: form_submit (fire-and-forget; never delays or breaks the submission).
    sendAnalyticsEvent(contactFormSubmit(values));
    clearTimeout(hideTimer.current);
    setStatus('submitting');
    let config: Pick<RuntimeConfig, 'apiUrl' | 'businessEmail'> | undefined;
    try {
      config = await loadConfig();
    } catch {
      config = undefined;
    }
    try {
      await submitContactRequest(toRequest(values), config?.apiUrl ?? '/api');
      setValues(EMPTY);
      setStatus('success');
      hideTimer.current = setTimeout(() => setStatus('idle'), CONTACT_ALERT_HIDE_MS);
    } catch {
      // The business e-mail saved in the settings (fetched once per page), else the deployment's.
      const saved = (await loadBusinessInfo().catch(() => undefined))?.email;
      setFailureEmail(saved ?? config?.businessEmail ?? BUSINESS.defaultEmail);
      setStatus('error');
    }
  }

  // Warm the configuration (API base, business e-mail) once the visitor starts on the form, not on page
  // load: its validator stays out of the page's first download.
  const warmed = useRef(false);
  const warmConfig = () => {
    if (warmed.current) return;
    warmed.current = true;
    loadConfig().catch(() => undefined);
  };

  const field = (name: keyof FormValues) => `${id}-${name}`;
  const submitting = status === 'submitting';

  return (
    <form
      ref={formRef}
      className="contact-form"
      onSubmit={onSubmit}
      onFocus={warmConfig}
      aria-describedby={`${id}-required-note`}
    >
      <p id={`${id}-required-note`} className="form-note">
        All fields are required.
      </p>

      <fieldset className="form-section">
        <legend className="form-section__legend">
          <span className="form-section__number">1</span> Your Information
        </legend>
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor={field('firstName')}>First Name</label>
            <input
              id={field('firstName')}
              name="firstName"
              type="text"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={set}
            />
          </div>
          <div className="form-field">
            <label htmlFor={field('lastName')}>Last Name</label>
            <input
              id={field('lastName')}
              name="lastName"
              type="text"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={set}
            />
          </div>
          <div className="form-field">
            <label htmlFor={field('email')}>Email</label>
            <input
              id={field('email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={values.email}
              onChange={set}
            />
          </div>
          <div className="form-field">
            <label htmlFor={field('phone')}>Phone</label>
            <input
              id={field('phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={values.phone}
              onChange={set}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">
          <span className="form-section__number">2</span> Tell us about your dog
        </legend>
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor={field('dogName')}>Dog's Name</label>
            <input
              id={field('dogName')}
              name="dogName"
              type="text"
              autoComplete="off"
              required
              value={values.dogName}
              onChange={set}
            />
          </div>
          <div className="form-field">
            <label htmlFor={field('dogBreed')}>Breed</label>
            <input
              id={field('dogBreed')}
              name="dogBreed"
              type="text"
              autoComplete="off"
              required
              value={values.dogBreed}
              onChange={set}
            />
          </div>
          <div className="form-field">
            <label htmlFor={field('dogBirthDate')}>Birth Date</label>
            <input
              id={field('dogBirthDate')}
              name="dogBirthDate"
              type="date"
              required
              max={today}
              value={values.dogBirthDate}
              onChange={set}
            />
            <p className="form-hint">An estimate is fine for rescues.</p>
          </div>
          <div className="form-field">
            <label htmlFor={field('dogSex')}>Sex</label>
            <select id={field('dogSex')} name="dogSex" required value={values.dogSex} onChange={set}>
              <option value="" disabled>
                Select
              </option>
              <option value="male">Male</option>
              <option value="female">Female</option>
            </select>
          </div>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__legend">
          <span className="form-section__number">3</span> Training Goals
        </legend>
        <div className="form-grid form-grid--single">
          <div className="form-field">
            <label htmlFor={field('program')}>Program of Interest</label>
            <select id={field('program')} name="program" required value={values.program} onChange={set}>
              <option value="" disabled>
                Select a program
              </option>
              {PROGRAM_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={field('message')}>Message</label>
            <textarea
              id={field('message')}
              name="message"
              rows={5}
              required
              placeholder="What would you like to work on? Pulling on the leash, jumping, recall, reactivity..."
              value={values.message}
              onChange={set}
            />
          </div>
        </div>
      </fieldset>

      {/* Honeypot: invisible to people, so any value means a bot. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={field('website')}>Website</label>
        <input
          id={field('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set}
        />
      </div>

      <div className="form-feedback" aria-live="polite" aria-atomic="true">
        {status === 'success' && (
          <div className="alert alert--success" role="status">
            <CheckIcon size={20} />
            <p>{CONTACT_SUCCESS_TEXT}</p>
          </div>
        )}
        {status === 'error' && (
          <div className="alert alert--danger" role="alert">
            <p>{contactFailureText(failureEmail)}</p>
          </div>
        )}
      </div>

      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={submitting}>
        {submitting ? (
          <>
            <Spinner /> Scheduling your free evaluation...
          </>
        ) : (
          'Schedule My Free Evaluation'
        )}
      </button>
      <p className="form-footnote">
        We will contact you {BUSINESS.replyPromise} to schedule your evaluation. Your details are only used to respond
        to your request.
      </p>
    </form>
  );
}
