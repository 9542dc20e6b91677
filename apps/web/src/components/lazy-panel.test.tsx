import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPanel } from './lazy-panel';

function RealPanel({ open, title }: { open: boolean; title: string }) {
  return open ? <div role="dialog" aria-label={title} /> : <p>closed {title}</p>;
}

describe('lazyPanel', () => {
  it('loads nothing until the panel first opens, then stays mounted after it closes', async () => {
    let finish: (panel: typeof RealPanel) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof RealPanel>((resolve) => (finish = resolve)));
    const Panel = lazyPanel(load, (props) => props.open);
    const { rerender } = render(<Panel open={false} title="Create User" />);
    expect(load).not.toHaveBeenCalled();

    rerender(<Panel open title="Create User" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined();
    await act(async () => finish(RealPanel));
    expect(screen.getByRole('dialog', { name: 'Create User' })).toBeDefined();

    rerender(<Panel open={false} title="Create User" />);
    expect(screen.getByText('closed Create User')).toBeDefined();
    rerender(<Panel open title="Create User" />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('Escape while its code loads takes the panel back: it does not open once loaded', async () => {
    let finish: (panel: typeof RealPanel) => void = () => undefined;
    const Panel = lazyPanel(
      () => new Promise<typeof RealPanel>((resolve) => (finish = resolve)),
      (props: { open: boolean; title: string; onOpenChange: (open: boolean) => void }) =>
        props.open,
    );
    const onOpenChange = vi.fn();
    const { rerender } = render(<Panel open title="Delete" onOpenChange={onOpenChange} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    rerender(<Panel open={false} title="Delete" onOpenChange={onOpenChange} />);
    await act(async () => finish(RealPanel));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
