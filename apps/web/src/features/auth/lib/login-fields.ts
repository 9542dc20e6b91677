import type { LoginForm } from '@cricket/contracts/login';
import { useRef, useState } from 'react';

type Field = keyof LoginForm;
type Errors = Partial<Record<Field, string>>;

/**
 * zod and the login rules come with the first check (a blur or the submit; the first focus
 * starts the download), not with the screen: they were a fifth of its download.
 */
export const loadLoginRules = () => import('@cricket/contracts/login');

async function check(values: LoginForm): Promise<Errors> {
  const { loginForm } = await loadLoginRules();
  const result = loginForm.safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in form's state: two fields do not need the form library the drawers use, and
 * leaving it out keeps the first screen small (decision 019). Spec §5: a field is checked on
 * blur, then on every keystroke once visited; the submit checks both.
 */
export function useLoginFields() {
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const touched = useRef<Set<Field>>(new Set());
  // Only the newest check may write its result: an older one can finish later.
  const latest = useRef(0);

  const recheck = async (next: LoginForm, only: Field[]) => {
    const ticket = ++latest.current;
    const found = await check(next);
    if (ticket !== latest.current) return found;
    setErrors((shown) => {
      const merged = { ...shown };
      for (const field of only) merged[field] = found[field];
      return merged;
    });
    return found;
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (touched.current.has(field)) void recheck(next, [field]);
      else setErrors((shown) => ({ ...shown, [field]: undefined }));
    },
    onBlur: () => {
      touched.current.add(field);
      void recheck(values, [field]);
    },
  });

  /** Checks both fields and shows their errors: the values, or the first field in error. */
  const validate = async (): Promise<{ values: LoginForm } | { invalid: Field }> => {
    touched.current = new Set(['email', 'password']);
    const found = await recheck(values, ['email', 'password']);
    if (found.email) return { invalid: 'email' };
    if (found.password) return { invalid: 'password' };
    return { values };
  };

  return { bind, validate };
}
