// Owned by lib: the template forms and the user profile read topics and refresh with them.
export { messagingTopicKeys } from '@/lib/query-keys';
