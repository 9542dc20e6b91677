import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

/**
 * tailwind-merge over the class groups the app uses, not all 379 it knows: it builds its lookup
 * of every group on first use, 70 ms of the first screen's script before anything paints
 * (300 ms once Lighthouse slows the CPU), against 2 ms for these (decision 032). A class from
 * a group missing here would be kept as it is, never merged; lib/cn.test.ts fails first.
 */
const merge = createTailwindMerge(() => {
  const config = getDefaultConfig();
  const used = new Set(CLASS_GROUPS);
  const onlyUsed = <T>(groups: Partial<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(
      Object.entries(groups).filter(
        (entry): entry is [string, T] => used.has(entry[0]) && entry[1] !== undefined,
      ),
    );
  return {
    ...config,
    classGroups: onlyUsed(config.classGroups),
    conflictingClassGroups: onlyUsed(config.conflictingClassGroups),
    conflictingClassGroupModifiers: onlyUsed(config.conflictingClassGroupModifiers),
  };
});

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class win over an earlier
 * one of the same property (a caller's `h-9` replaces a component's `h-10`).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return merge(classes.filter(Boolean).join(' '));
}
