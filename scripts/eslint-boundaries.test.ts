import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's boundaries (ARCHITECTURE.md, conventions 1) are only as good as the lint
 * rule that keeps them, so this lints small files placed inside the real tree with the real
 * config and checks which imports it refuses.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUNDARY_RULES = new Set(['import/no-restricted-paths', 'no-restricted-imports']);

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  // The probe files do not exist on disk, which import/no-cycle cannot walk from.
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

/** What ESLint's boundary rules say of `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.message);
}

const importOf = (specifier: string) =>
  `import * as imported from '${specifier}';\nexport const used = imported;\n`;

const FEATURE_MESSAGE = expect.stringContaining(
  'Features do not import each other; share through contracts, components or lib.',
);
const SHARED_MESSAGE = expect.stringContaining(
  'components and lib are shared: they import no feature (and not the app shell).',
);

describe('feature boundaries on the web', () => {
  const file = 'apps/web/src/features/teams/components/boundary-probe.tsx';

  it('refuses a relative import from another feature', async () => {
    expect(await boundaryErrors(file, importOf('../../users/api/get-users'))).toEqual([
      FEATURE_MESSAGE,
    ]);
  });

  it('refuses an aliased import from another feature', async () => {
    expect(await boundaryErrors(file, importOf('@/features/users/api/get-users'))).toEqual([
      FEATURE_MESSAGE,
    ]);
  });

  it('accepts imports within the same feature, by path or alias', async () => {
    expect(await boundaryErrors(file, importOf('../api/create-team'))).toEqual([]);
    expect(await boundaryErrors(file, importOf('@/features/teams/api/create-team'))).toEqual([]);
  });

  it('accepts imports of components, lib and contracts', async () => {
    expect(await boundaryErrors(file, importOf('@/components/data-table'))).toEqual([]);
    expect(await boundaryErrors(file, importOf('../../../lib/format'))).toEqual([]);
    expect(await boundaryErrors(file, importOf('@cricket/contracts'))).toEqual([]);
  });
});

describe('feature boundaries on the API', () => {
  const file = 'apps/api/src/features/teams/boundary-probe.ts';

  it('refuses an import from another feature', async () => {
    expect(await boundaryErrors(file, importOf('../users/repository'))).toEqual([FEATURE_MESSAGE]);
  });

  it('accepts imports within the same feature and of lib', async () => {
    expect(await boundaryErrors(file, importOf('./repository'))).toEqual([]);
    expect(await boundaryErrors(file, importOf('../../lib/envelope'))).toEqual([]);
  });
});

describe('every feature folder is fenced, with no list to keep', () => {
  const sides = ['apps/web', 'apps/api'].map((app) => {
    const dir = path.join(root, app, 'src/features');
    const features = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    return { app, dir, features };
  });

  /** Some module of `feature` to import, as a path relative to the features folder. */
  const someModuleOf = (dir: string, feature: string) => {
    const found = fs
      .readdirSync(path.join(dir, feature), { recursive: true, encoding: 'utf8' })
      .find((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'));
    if (!found) throw new Error(`no module in ${feature}`);
    return `${feature}/${found.replace(/\.tsx?$/, '')}`;
  };

  for (const { app, dir, features } of sides) {
    it.each(features)(`${app}: %s may not import a sibling feature`, async (feature) => {
      const other = features.find((f) => f !== feature)!;
      const file = `${app}/src/features/${feature}/boundary-probe.ts`;
      expect(await boundaryErrors(file, importOf(`../${someModuleOf(dir, other)}`))).toEqual([
        FEATURE_MESSAGE,
      ]);
    });
  }
});

describe('shared folders', () => {
  it('components and lib import no feature and not the app shell', async () => {
    for (const file of [
      'apps/web/src/components/boundary-probe.tsx',
      'apps/web/src/lib/boundary-probe.ts',
    ]) {
      expect(await boundaryErrors(file, importOf('@/features/users/api/get-users'))).toEqual([
        SHARED_MESSAGE,
      ]);
      expect(await boundaryErrors(file, importOf('../app/router'))).toEqual([SHARED_MESSAGE]);
    }
  });

  it('contracts imports no framework', async () => {
    const file = 'packages/contracts/src/boundary-probe.ts';
    expect(await boundaryErrors(file, importOf('react'))).toEqual([
      expect.stringContaining('contracts imports no framework.'),
    ]);
    expect(await boundaryErrors(file, importOf('zod'))).toEqual([]);
  });
});
