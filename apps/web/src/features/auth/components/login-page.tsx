import type { FormEvent, InputHTMLAttributes } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { controlClasses, FieldFrame, useFieldIds } from '@/components/ui/field-frame';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { returnPath } from '@/lib/return-path';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useLogin } from '../api/login';
import { loadLoginRules, useLoginFields } from '../lib/login-fields';
import { LOGIN_MESSAGES } from '@cricket/contracts/login-messages';

interface LoginFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur'
> {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function LoginField({ label, error, onChange, required, ...inputProps }: LoginFieldProps) {
  const { describedBy, ...ids } = useFieldIds(false, error);
  return (
    <FieldFrame label={label} required={required} error={error} {...ids}>
      <input
        {...inputProps}
        id={ids.id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClasses, 'h-10')}
      />
    </FieldFrame>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const loginMutation = useLogin();
  const fields = useLoginFields();
  const flight = useSingleFlight();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    void flight.run(async () => {
      try {
        const checked = await fields.validate();
        if ('invalid' in checked) {
          // As the drawers do: the first field in error takes the focus.
          (formElement.elements.namedItem(checked.invalid) as HTMLInputElement | null)?.focus();
          return;
        }
        const { values } = checked;
        // The user-agent parser is only needed here, so it stays out of the first download.
        const { detectDeviceInfo } = await import('../lib/device-info');
        await loginMutation.mutateAsync({ ...values, device_info: detectDeviceInfo() });
        toast.success(LOGIN_MESSAGES.signedIn);
        navigate(returnPath(search) ?? '/', { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, LOGIN_MESSAGES.failed));
      }
    });
  };

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

        <form
          onSubmit={onSubmit}
          onFocus={() => void loadLoginRules()}
          noValidate
          className="space-y-4"
        >
          <LoginField
            {...fields.bind('email')}
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@example.com"
            required
          />
          <LoginField
            {...fields.bind('password')}
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
