/** A case-insensitive substring pattern with LIKE wildcards escaped, so "50%" means the characters. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
