import { adminLoginErrorMessage, adminLoginResultMessage } from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

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
      const problem = adminLoginResultMessage(answer);
      if (problem) setMessage(problem);
      else navigate('/admin/dashboard');
    } catch (error) {
      setMessage(adminLoginErrorMessage(error));
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
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
