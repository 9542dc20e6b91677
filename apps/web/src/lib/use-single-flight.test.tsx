import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight';

/** A button whose task answers at once, like a local mail server. */
function Sender({ calls }: { calls: { n: number } }) {
  const flight = useSingleFlight();
  return (
    <button
      type="button"
      onClick={(click) =>
        void flight.run(async () => {
          calls.n += 1;
        }, click)
      }
    >
      Send test email
    </button>
  );
}

describe('useSingleFlight', () => {
  it('runs once for a double click even when the first run has already answered', async () => {
    const calls = { n: 0 };
    const user = userEvent.setup();
    render(<Sender calls={calls} />);
    await user.dblClick(screen.getByRole('button', { name: 'Send test email' }));
    expect(calls.n).toBe(1);
  });

  it('runs again for a later, separate click', async () => {
    const calls = { n: 0 };
    const user = userEvent.setup();
    render(<Sender calls={calls} />);
    const button = screen.getByRole('button', { name: 'Send test email' });
    await user.click(button);
    await user.click(button);
    expect(calls.n).toBe(2);
  });
});
