export { audienceKeys } from '@/lib/query-keys';
