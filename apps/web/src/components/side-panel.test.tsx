import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { SidePanel } from './side-panel';

function Panel({ preventClose = false }: { preventClose?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <SidePanel
      open={open}
      onOpenChange={setOpen}
      title="Create Category"
      preventClose={preventClose}
      footer={<button type="button">Cancel</button>}
    >
      <input aria-label="Category Name" />
    </SidePanel>
  );
}

describe('SidePanel', () => {
  it('is a dialog named by its title that closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    expect(screen.getByRole('dialog', { name: 'Create Category' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('stays open while saving', async () => {
    const user = userEvent.setup();
    render(<Panel preventClose />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create Category' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close panel' })).toBeDisabled();
  });
});

describe('ConfirmDialog', () => {
  function Confirm({ busy = false }: { busy?: boolean }) {
    const [open, setOpen] = useState(true);
    const [confirmed, setConfirmed] = useState(false);
    return (
      <>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete User"
          description="Are you sure you want to delete this user? This action cannot be undone."
          onConfirm={() => setConfirmed(true)}
          busy={busy}
        />
        {confirmed && <p>confirmed</p>}
      </>
    );
  }

  it('shows the title and text with Cancel and Confirm', async () => {
    const user = userEvent.setup();
    render(<Confirm />);
    // Its code loads the first time a dialog opens.
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('disables both buttons and ignores Escape while busy', async () => {
    const user = userEvent.setup();
    render(<Confirm busy />);
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
