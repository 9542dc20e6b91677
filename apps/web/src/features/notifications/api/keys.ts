/** Every notifications query key starts here, so one invalidation refreshes all of them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  templates: (params: object) => ['notifications', 'templates', params] as const,
  templateNames: (params: object) => ['notifications', 'template-names', params] as const,
  channels: ['notifications', 'channels'] as const,
  recipients: (params: object) => ['notifications', 'recipients', params] as const,
  sends: (params: object) => ['notifications', 'sends', params] as const,
  send: (id: number, params: object) => ['notifications', 'send', id, params] as const,
  /** A send form's dry run of its body (POST /notifications/send/preview). */
  sendPreview: (body: object) => ['notifications', 'send-preview', body] as const,
  /** The WhatsApp send form's dry run (POST /wa/templates/{id}/send/preview). */
  waSendPreview: (id: number, body: object) =>
    ['notifications', 'wa-send-preview', id, body] as const,
  /** The WhatsApp template a send form sends (GET /wa/templates/{id}/send). */
  waTemplate: (id: number) => ['notifications', 'wa-template', id] as const,
};
