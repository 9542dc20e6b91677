const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, '\\$&');

/** A case-insensitive substring pattern with LIKE wildcards escaped, so "50%" means the characters. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** The same for a prefix (`abc%`), which a `text_pattern_ops` b-tree index can serve. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
