import { loginForm } from '@cricket/contracts/login';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's rules from contracts; loaded apart from the screen (see login-page.tsx). */
export const loginResolver = zodResolver(loginForm);
