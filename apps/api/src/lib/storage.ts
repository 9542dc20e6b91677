import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, behind three calls, so the upload route does not care whether
 * they sit in a local directory (today) or an object store (later). A key is a relative path
 * of plain segments such as `team_logos/<uuid>.png`; the public URL is `/uploads/<key>`.
 */
export interface FileStorage {
  /** Stores a new file; refuses to overwrite one that exists. */
  write(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** A key may not climb out of the root or name a hidden file. */
function checkedKey(key: string) {
  const segments = key.split('/');
  if (segments.length === 0 || !segments.every((s) => SEGMENT.test(s) && s !== '..'))
    throw new Error(`Invalid storage key: ${key}`);
  return segments;
}

/** Files under `root`, in folders created on first write. */
export function localDirectoryStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key));
  return {
    async write(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
    },
    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
