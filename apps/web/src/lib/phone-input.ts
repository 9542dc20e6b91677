import { stripIndianPrefix } from '@cricket/contracts';
import type { ChangeEvent } from 'react';

/** Spec §2: phone takes digits only, at most 10, with a pasted +91 dropped. */
export function keepPhoneDigits(event: ChangeEvent<HTMLInputElement>) {
  event.target.value = stripIndianPrefix(event.target.value).replace(/\D/g, '').slice(0, 10);
}
