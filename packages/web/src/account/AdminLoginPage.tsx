import { ApiError } from '@posture-vision/core/api';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

/** Admin sign-in failure text: the detail field, else 'Login failed.' (document 1, section 8). */
function adminLoginError(error: unknown): string {
  const body =
    error instanceof ApiError ? (error.body as { detail?: unknown; error?: { message?: unknown } }) : null;
  if (typeof body?.detail === 'string' && body.detail) return body.detail;
  if (typeof body?.error?.message === 'string' && body.error.message) return body.error.message;
  return 'Login failed.';
}

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage('');
    setBusy(true);
    try {
      const answer = await api.auth.adminLogin({ email, password });
      if (answer.accessToken) navigate('/admin/dashboard');
      else setMessage(answer.message || 'No token received.');
    } catch (error) {
      setMessage(adminLoginError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Admin Sign In">
      <form onSubmit={onSubmit}>
        <FormMessage text={message} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
