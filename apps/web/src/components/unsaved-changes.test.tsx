import { DISCARD_CHANGES } from '@cricket/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FormDrawer, useFormLifecycle } from './form-drawer';
import { TextField } from './ui/text-field';
import { UnsavedChangesGuard } from './unsaved-changes';

/** A screen with one form panel; `closeTo` makes closing navigate, like a routed panel. */
function Screen({ closeTo }: { closeTo?: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useForm({ defaultValues: { name: '' } });
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      setOpen(next);
      if (!next && closeTo) void navigate(closeTo);
    },
    values: () => ({ name: 'Saved' }),
    submit: async () => undefined,
    successText: 'Thing saved',
    failureText: 'Failed to save thing',
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit thing
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      <FormDrawer
        lifecycle={lifecycle}
        open={open}
        title="Edit Thing"
        submitLabel="Save"
        busyLabel="Saving..."
      >
        <TextField form={form} name="name" label="Name" />
      </FormDrawer>
    </>
  );
}

function setup(closeTo?: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesGuard>
            <Outlet />
          </UnsavedChangesGuard>
        ),
        children: [
          { path: '/things', element: <Screen closeTo={closeTo} /> },
          { path: '/elsewhere', element: <p>Elsewhere page</p> },
        ],
      },
    ],
    { initialEntries: ['/elsewhere', '/things'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit thing' }));
  const panel = await screen.findByRole('dialog', { name: 'Edit Thing' });
  const name = screen.getByLabelText('Name');
  expect(name).toHaveValue('Saved');
  return { panel, name };
}

const question = () => screen.findByRole('alertdialog', { name: DISCARD_CHANGES.title });

describe('unsaved changes in a form panel', () => {
  it('closes an unchanged form at once, and one whose change was put back', async () => {
    const { user } = setup();
    await openPanel(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit Thing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const { name } = await openPanel(user);
    await user.type(name, 'x');
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Thing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks on Escape; Keep editing keeps the work and gives focus back to the field', async () => {
    const { user } = setup();
    const { name } = await openPanel(user);
    await user.type(name, ' thing');
    await user.keyboard('{Escape}');
    const ask = await question();
    expect(ask).toHaveTextContent(DISCARD_CHANGES.description);
    await user.click(screen.getByRole('button', { name: DISCARD_CHANGES.cancel }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Thing' })).toBeInTheDocument();
    expect(name).toHaveValue('Saved thing');
    expect(name).toHaveFocus();
  });

  it('asks on Cancel and on the close button; Discard closes and drops the work', async () => {
    const { user } = setup();
    let { name } = await openPanel(user);
    await user.type(name, ' thing');
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    await question();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Thing' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await question();
    await user.click(screen.getByRole('button', { name: DISCARD_CHANGES.confirm }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Thing' })).not.toBeInTheDocument();
    ({ name } = await openPanel(user));
    expect(name).toHaveValue('Saved');
  });

  it('asks before Back or a link leaves the route, and lets the route go on Discard', async () => {
    const { router, user } = setup();
    const { name } = await openPanel(user);
    await user.type(name, ' thing');
    await act(() => router.navigate(-1));
    await question();
    expect(router.state.location.pathname).toBe('/things');
    await user.click(screen.getByRole('button', { name: DISCARD_CHANGES.cancel }));
    expect(router.state.location.pathname).toBe('/things');
    expect(name).toHaveValue('Saved thing');

    await act(() => router.navigate('/elsewhere'));
    await question();
    await user.click(screen.getByRole('button', { name: DISCARD_CHANGES.confirm }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('lets an unchanged form leave, and a query change stay, without asking', async () => {
    const { router, user } = setup();
    const { name } = await openPanel(user);
    await user.type(name, ' thing');
    await act(() => router.navigate('/things?page=2'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await user.clear(name);
    await user.type(name, 'Saved');
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not hold up a panel that navigates as it closes after a save or a Discard', async () => {
    const { router, user } = setup('/elsewhere');
    let { name } = await openPanel(user);
    await user.type(name, ' thing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/things'));
    ({ name } = await openPanel(user));
    await user.type(name, ' thing');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await question();
    await user.click(screen.getByRole('button', { name: DISCARD_CHANGES.confirm }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
