import { describe, expect, it, vi } from 'vitest';
import { lazyPage, retryOnce } from './lazy-page';

describe('retryOnce', () => {
  it('returns the first success without a second try', async () => {
    const load = vi.fn().mockResolvedValue('chunk');
    await expect(retryOnce(load)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries once more after a failure and returns that result', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('chunk');
    await expect(retryOnce(load)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure with its error', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('first'))
      .mockRejectedValueOnce(new Error('second'));
    await expect(retryOnce(load)).rejects.toThrow('second');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage', () => {
  it("gives the router the module's named component", async () => {
    const Page = () => null;
    const route = lazyPage(() => Promise.resolve({ Page }), 'Page');
    await expect(route()).resolves.toEqual({ Component: Page });
  });
});
