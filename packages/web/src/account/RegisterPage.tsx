import {
  authErrorMessage,
  COUNTRY_CODES,
  crossed,
  DEFAULT_COUNTRY_CODE,
  REGISTRATION_SUCCESS_DEFAULT,
  type RegistrationFieldErrors,
  type RegistrationForm,
  registrationPayload,
  registrationStepErrors,
  registrationStepMessage,
  VALIDATION_MESSAGES,
  validateRegistration,
} from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';
import { toast } from '../ui/toast-store';
import { GoogleButton } from './GoogleButton';
import { PrivacyDialog } from './PrivacyDialog';
import { useGoogleSignIn } from './useGoogleSignIn';

const EMPTY: RegistrationForm = {
  firstName: '',
  lastName: '',
  birthday: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  contactNo: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptPrivacy: false,
};

export default function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [step, setStep] = useState<1 | 2>(1);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<RegistrationFieldErrors>({});
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const google = useGoogleSignIn(setMessage);
  const codeId = useId();
  const set = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field is no longer marked; the others keep their marks until the next check.
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key as keyof RegistrationFieldErrors]: _fixed, ...rest } = current;
      return rest;
    });
  };
  /** The text under a field: its own problem; an empty field is only marked (the form message says why). */
  const fieldError = (field: keyof RegistrationFieldErrors): string | boolean | undefined => {
    const error = errors[field];
    return error === VALIDATION_MESSAGES.stepIncomplete ? true : error;
  };

  /** Checks the step on screen: every field in error is marked, the first problem is the form message. */
  function checkStep(current: 1 | 2): boolean {
    const found = registrationStepErrors(form, current);
    setErrors(found);
    setMessage(registrationStepMessage(found, current) ?? '');
    return Object.keys(found).length === 0;
  }

  function next(e: FormEvent) {
    e.preventDefault();
    if (checkStep(1)) setStep(2);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!checkStep(2)) return;
    // Both steps again, in the section's order, in case step 1 changed since it was checked.
    const problem = validateRegistration(form);
    setMessage(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.auth.register(registrationPayload(form));
      toast.success(answer.message || REGISTRATION_SUCCESS_DEFAULT);
      navigate('/login');
    } catch (error) {
      setMessage(crossed(authErrorMessage(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create Account" subtitle="Join Posture Vision in two short steps">
      <ol className="steps-indicator" aria-label="Registration steps">
        <li className={step === 1 ? 'current' : 'done'} aria-current={step === 1 ? 'step' : undefined}>
          <span className="step-dot" data-testid="step-1-indicator">
            {step === 1 ? '1' : '✓'}
          </span>
          Personal details
        </li>
        <li className={step === 2 ? 'current' : ''} aria-current={step === 2 ? 'step' : undefined}>
          <span className="step-dot">2</span>
          Account
        </li>
      </ol>
      <FormMessage text={message} />
      {step === 1 ? (
        <form onSubmit={next} noValidate>
          <div className="field-row">
            <Field
              label="First name"
              name="firstName"
              autoComplete="given-name"
              value={form.firstName}
              error={fieldError('firstName')}
              onChange={(e) => set('firstName', e.target.value)}
            />
            <Field
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              value={form.lastName}
              error={fieldError('lastName')}
              onChange={(e) => set('lastName', e.target.value)}
            />
          </div>
          <Field
            label="Birthday"
            name="birthday"
            type="date"
            autoComplete="bday"
            value={form.birthday}
            error={fieldError('birthday')}
            onChange={(e) => set('birthday', e.target.value)}
          />
          <div className="field-row phone-row">
            <div className="field">
              <label htmlFor={codeId}>Country code</label>
              <select
                id={codeId}
                name="countryCode"
                value={form.countryCode}
                onChange={(e) => set('countryCode', e.target.value)}
              >
                {COUNTRY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="Phone number"
              name="contactNo"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={form.contactNo}
              error={fieldError('contactNo')}
              onChange={(e) => set('contactNo', e.target.value)}
            />
          </div>
          <Button type="submit" variant="primary" block>
            Next Step
          </Button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            error={fieldError('email')}
            onChange={(e) => set('email', e.target.value)}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={VALIDATION_MESSAGES.resetWeakPassword}
            value={form.password}
            error={fieldError('password')}
            onChange={(e) => set('password', e.target.value)}
          />
          <Field
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            error={fieldError('confirmPassword')}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
          <div className="check-row">
            <label className="check">
              <input
                type="checkbox"
                name="acceptPrivacy"
                aria-invalid={errors.acceptPrivacy ? true : undefined}
                checked={form.acceptPrivacy}
                onChange={(e) => set('acceptPrivacy', e.target.checked)}
              />{' '}
              I accept the
            </label>{' '}
            <button type="button" className="link-button" onClick={() => setPrivacyOpen(true)}>
              privacy agreement
            </button>
          </div>
          <div className="button-row">
            <Button
              onClick={() => {
                setMessage('');
                setErrors({});
                setStep(1);
              }}
            >
              Previous
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? 'Creating...' : 'Create Account'}
            </Button>
          </div>
        </form>
      )}
      <div className="divider">or</div>
      <GoogleButton onClick={google} />
      <p className="auth-alt">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
      {privacyOpen && (
        <PrivacyDialog
          onAccept={() => {
            set('acceptPrivacy', true);
            setPrivacyOpen(false);
          }}
          onClose={() => setPrivacyOpen(false)}
        />
      )}
    </AuthCard>
  );
}
