import { loginForm } from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/http';
import { useLogin } from '../api/login';

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  // Spec §5: checked on blur, then on every keystroke once a field has been visited.
  const form = useForm({
    resolver: zodResolver(loginForm),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The user-agent parser is only needed here, so it stays out of the first download.
      const { detectDeviceInfo } = await import('../lib/device-info');
      await loginMutation.mutateAsync({ ...values, device_info: detectDeviceInfo() });
      toast.success('Login successful!');
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Login failed. Please check your credentials.'));
    }
  });

  return (
    <div className="w-full max-w-md">
      <div className="mb-6 flex items-center justify-center gap-2.5">
        <LogoMark className="size-10" />
        <span className="text-lg font-semibold tracking-tight text-neutral-900">Cricket Admin</span>
      </div>

      <div className="rounded-2xl border border-neutral-200 bg-surface p-6 shadow-xl shadow-neutral-200/60 sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-semibold text-neutral-900">Welcome, Admin!</h1>
          <p className="mt-1 text-sm text-neutral-500">Login to your account</p>
        </div>

        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@example.com"
            required
          />
          <TextField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            required
          />
          <Button
            type="submit"
            className="w-full"
            busy={loginMutation.isPending}
            busyText="Logging in..."
          >
            Login
          </Button>
        </form>
      </div>

      <p className="mt-6 text-center text-xs text-neutral-500">
        By logging in you agree to our{' '}
        <Link to="/terms-and-conditions" className="font-medium text-primary-700 hover:underline">
          Terms and Conditions
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="font-medium text-primary-700 hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
