import { act, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SidePanel } from '@/components/side-panel';
import { AppToaster } from './toast';

function PanelWithToaster() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AppToaster />
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SidePanel open={open} onOpenChange={setOpen} title="Create New User" footer={null}>
        <input aria-label="First Name" />
      </SidePanel>
    </>
  );
}

beforeAll(() => {
  // jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => {
  act(() => toast.remove());
});

describe('AppToaster', () => {
  it('stays readable by assistive technology while a modal panel hides the page behind it', async () => {
    render(<PanelWithToaster />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('dialog', { name: 'Create New User' })).toBeInTheDocument();
    // The panel hides everything else from assistive technology...
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    // ...but not the toasts about the form inside it.
    act(() => {
      toast.error('Please fix the errors in the form');
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Please fix the errors in the form',
    );
  });

  it('shows a repeated message once instead of stacking copies', async () => {
    render(<AppToaster />);
    act(() => {
      toast.error('Please fix the validation errors before submitting');
      toast.error('Please fix the validation errors before submitting');
      toast.error('Please fix the validation errors before submitting');
      toast.success('User created successfully');
    });
    await screen.findByText('User created successfully');
    await waitFor(
      () =>
        expect(
          screen.getAllByText('Please fix the validation errors before submitting'),
        ).toHaveLength(1),
      // Dismissed copies leave after react-hot-toast's one-second exit.
      { timeout: 3000 },
    );
  });
});
