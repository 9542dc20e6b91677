import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { fieldLimitReached } from '@cricket/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from './text-field';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });

function NameForm() {
  // Checked on submit only, like the create/edit panels (spec §5: an error clears on edit).
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
    reValidateMode: 'onSubmit',
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <TextField form={form} name="name" label="Category Name" hint="At least 2 characters" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField', () => {
  it('is labelled and described by its hint', () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Category Name');
    expect(input).toHaveAccessibleDescription('At least 2 characters');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error on the field and clears it as soon as the field is edited', async () => {
    const user = userEvent.setup();
    render(<NameForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByLabelText('Category Name');
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'At least 2 characters Name must be at least 2 characters',
    );

    await user.type(input, 'a');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('stops at its limit and says so, instead of cutting the text silently', async () => {
    function InitialsForm() {
      const form = useForm({ defaultValues: { initials: '' } });
      return (
        <TextField
          form={form}
          name="initials"
          label="Team Initials"
          hint="e.g. IND"
          maxLength={5}
        />
      );
    }
    const user = userEvent.setup();
    render(<InitialsForm />);
    const input = screen.getByLabelText('Team Initials');
    await user.type(input, 'ABCD');
    expect(input).toHaveAccessibleDescription('e.g. IND');
    await user.type(input, 'EFGH');
    expect(input).toHaveValue('ABCDE');
    expect(input).toHaveAccessibleDescription(`e.g. IND ${fieldLimitReached(5)}`);
    await user.type(input, '{Backspace}');
    expect(input).toHaveAccessibleDescription('e.g. IND');
  });
});
