// Owned by lib: a WhatsApp category save refreshes the templates, which show category names.
export { waTemplateKeys } from '@/lib/query-keys';
