// Owned by lib: the WhatsApp templates feature reads the category picker and is refreshed by category saves.
export { waCategoryKeys } from '@/lib/query-keys';
