import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from './class-groups';
import { cn } from './cn';

const src = path.resolve(import.meta.dirname, '..');

/** Every word of every string literal in the app's sources: the classes among them. */
function sourceWords(): string[] {
  const words = new Set<string>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(tsx?|css)$/.test(file) && !/\.test\./.test(file),
  );
  for (const file of files) {
    const text = readFileSync(path.join(src, file), 'utf8');
    for (const [, , literal = ''] of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal.split(/\s+/)) if (word) words.add(word);
    }
  }
  return [...words];
}

/** A class tailwind-merge knows collapses with itself; anything else is kept twice. */
const knownTo = (merge: (classes: string) => string) => (word: string) =>
  merge(`${word} ${word}`) === word;

describe('cn', () => {
  it('keeps the class groups of every class in the sources, and only those', () => {
    const classes = sourceWords().filter(knownTo(twMerge));
    const config = getDefaultConfig();
    const groups = Object.entries(config.classGroups)
      .filter(([id, definition]) => {
        const alone = createTailwindMerge(() => ({
          ...config,
          classGroups: { [id]: definition },
          conflictingClassGroups: {},
          conflictingClassGroupModifiers: {},
        }));
        return classes.some(knownTo(alone));
      })
      .map(([id]) => id);
    // On failure, the received list is what lib/class-groups.ts should hold.
    expect([...CLASS_GROUPS]).toEqual(groups);
    expect(classes.filter((word) => !knownTo(cn)(word))).toEqual([]);
  });

  it('lets a later class of the same property win and keeps the rest', () => {
    expect(cn('block h-10 px-3 py-2', 'flex h-9 py-1.5')).toBe('px-3 flex h-9 py-1.5');
    expect(cn('text-neutral-900', false, undefined, 'data-[placeholder]:text-neutral-400')).toBe(
      'text-neutral-900 data-[placeholder]:text-neutral-400',
    );
    expect(cn('rounded-lg', 'rounded-md', 'min-w-32')).toBe('rounded-md min-w-32');
  });
});
