import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDirectoryStorage, type FileStorage } from './storage';

let root: string;
let storage: FileStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = localDirectoryStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local directory storage', () => {
  it('writes a file under its key, reads it back and deletes it', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await storage.write('team_logos/a.png', bytes);
    expect(await readdir(path.join(root, 'team_logos'))).toEqual(['a.png']);
    expect(new Uint8Array((await storage.read('team_logos/a.png'))!)).toEqual(bytes);
    await storage.delete('team_logos/a.png');
    expect(await storage.read('team_logos/a.png')).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete('team_logos/a.png');
  });

  it('never overwrites a stored file', async () => {
    await storage.write('profile_pictures/b.jpg', new Uint8Array([1]));
    await expect(storage.write('profile_pictures/b.jpg', new Uint8Array([2]))).rejects.toThrow();
    expect([...(await storage.read('profile_pictures/b.jpg'))!]).toEqual([1]);
  });

  it('refuses keys that climb out of the root or name hidden files', async () => {
    for (const key of ['../escape.png', 'a/../../escape.png', '/etc/passwd', '.hidden', 'a//b', ''])
      await expect(storage.write(key, new Uint8Array([1]))).rejects.toThrow('Invalid storage key');
    expect(await readdir(path.dirname(root))).not.toContain('escape.png');
  });
});
