import type { AuditBody, AuditExamples } from '../../test/audit-examples';

const idOf = (body: AuditBody) => body.data!.topic!.id;

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { unique, ok, newUser } = ctx;
  const newTopic = async (name = `Audit topic ${unique()}`) =>
    idOf(await ok('POST', '/api/messaging/topics', { name }));
  return {
    'POST /api/messaging/topics': {
      async valid() {
        const name = `Audit topic ${unique()}`;
        return {
          call: { url: '/api/messaging/topics', payload: { name, default_subscribed: false } },
          expect: (body) => ({
            entityId: idOf(body),
            action: 'create',
            changes: {
              name: { before: null, after: name },
              default_subscribed: { before: null, after: false },
            },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/messaging/topics', payload: { name: 'x' } }),
    },
    'PUT /api/messaging/topics/:id': {
      async valid() {
        const name = `Audit before ${unique()}`;
        const id = await newTopic(name);
        return {
          call: { url: `/api/messaging/topics/${id}`, payload: { name, active: false } },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: { active: { before: true, after: false } },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newTopic();
        return { url: `/api/messaging/topics/${id}`, payload: { name: '' } };
      },
    },
    'PUT /api/messaging/settings': {
      async valid() {
        const current = await ok<{ data: { settings: { time_zone: string } } }>(
          'GET',
          '/api/messaging/settings',
        );
        const before = current.data.settings.time_zone;
        const after = before === 'Asia/Kolkata' ? 'Europe/London' : 'Asia/Kolkata';
        return {
          call: {
            url: '/api/messaging/settings',
            payload: { quiet_hours_start: '21:00', quiet_hours_end: '08:00', time_zone: after },
          },
          expect: () => ({
            entityId: 1,
            action: 'update',
            changes: { time_zone: { before, after } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/messaging/settings',
        payload: { quiet_hours_start: '25:00', quiet_hours_end: '08:00', time_zone: 'UTC' },
      }),
    },
    'DELETE /api/messaging/topics/:id': {
      async valid() {
        const name = `Doomed topic ${unique()}`;
        const id = await newTopic(name);
        return {
          call: { url: `/api/messaging/topics/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: name, after: null } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // A topic a template names is kept.
        const id = await newTopic();
        await ok('POST', '/api/notifications/templates', {
          name: `Audit topic template ${unique()}`,
          type: 'sms',
          message: 'See you at the ground',
          topic_id: id,
        });
        return { url: `/api/messaging/topics/${id}` };
      },
    },
    'PUT /api/users/:id/preferences': {
      async valid() {
        const userId = await newUser();
        const topicId = await newTopic();
        return {
          call: {
            url: `/api/users/${userId}/preferences`,
            payload: { topic_id: topicId, channel: 'email', subscribed: false },
          },
          expect: () => ({
            entityId: userId,
            action: 'preference_change',
            changes: { subscribed: { before: true, after: false } },
            exact: false,
          }),
        };
      },
      async invalid() {
        const userId = await newUser();
        const topicId = await newTopic();
        // Resubscribing without a reason.
        return {
          url: `/api/users/${userId}/preferences`,
          payload: { topic_id: topicId, channel: 'email', subscribed: true },
        };
      },
    },
  };
};
