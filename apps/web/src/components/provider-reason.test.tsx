import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProviderReason } from './provider-reason';

describe('ProviderReason', () => {
  it('puts the provider error in words with the raw reason behind Details', async () => {
    const user = userEvent.setup();
    render(<ProviderReason raw="connect ECONNREFUSED 127.0.0.1:2601" />);
    expect(screen.getByText('The mail server could not be reached')).toBeVisible();
    const raw = screen.getByText('connect ECONNREFUSED 127.0.0.1:2601');
    expect(raw).not.toBeVisible();
    await user.click(screen.getByText('Details'));
    expect(raw).toBeVisible();
  });

  it('shows a reason the product wrote itself as it is, without Details', () => {
    render(<ProviderReason raw="skipped: no transport configured" kind="sms" />);
    expect(screen.getByText('skipped: no transport configured')).toBeVisible();
    expect(screen.queryByText('Details')).not.toBeInTheDocument();
  });
});
