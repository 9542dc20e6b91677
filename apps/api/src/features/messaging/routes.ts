import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParam,
  messageOnly,
  messagingSettingsData,
  messagingSettingsInput,
  MESSAGING_SETTINGS_SUCCESS,
  messagingTopicData,
  messagingTopicInput,
  messagingTopicParams,
  messagingTopicsExportQuery,
  messagingTopicsPage,
  messagingTopicsQuery,
  MESSAGING_TOPIC_EXPORT_COLUMNS,
  MESSAGING_TOPIC_SUCCESS,
  preferenceInput,
  preferencesData,
  PREFERENCE_SUCCESS,
} from '@cricket/contracts';
import { messagingTopics } from '../../db/schema';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import { provideMessagingTopicsBulk } from './bulk';
import { setPreference, userPreferences } from './preferences-repository';
import { getMessagingSettings, updateMessagingSettings } from './settings-repository';
import {
  createTopic,
  deleteTopic,
  exportTopics,
  getTopic,
  listTopics,
  updateTopic,
} from './topics-repository';

/** Issue 32: messaging topics, and each user's preferences for them per channel. */
export async function messagingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  provideMessagingTopicsBulk(app);

  r.get('/api/messaging/topics', {
    config: { access: 'messaging.view' },
    schema: {
      tags: ['messaging'],
      summary: 'Messaging topics, active first, filtered by name and whether active',
      querystring: messagingTopicsQuery,
      response: { 200: envelope(messagingTopicsPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return ok(MESSAGING_TOPIC_SUCCESS.listed, pageData(q, await listTopics(app.db, q)));
    },
  });

  listExportRoute(app, {
    list: 'topics',
    path: '/api/messaging/topics',
    access: 'messaging.view',
    tag: 'messaging',
    querystring: messagingTopicsExportQuery,
    rows: (q) => exportTopics(app.db, q),
    columns: MESSAGING_TOPIC_EXPORT_COLUMNS,
  });

  r.get('/api/messaging/topics/:id', {
    config: { access: 'messaging.view', version: messagingTopics },
    schema: {
      tags: ['messaging'],
      summary: 'A messaging topic, with its version as the ETag',
      params: messagingTopicParams,
      response: { 200: envelope(messagingTopicData) },
    },
    handler: async (request, reply) => {
      const topic = await getTopic(app.db, request.params.id);
      sendVersion(reply, topic.updated_at);
      return ok(MESSAGING_TOPIC_SUCCESS.fetched, { topic });
    },
  });

  r.post('/api/messaging/topics', {
    config: { access: 'messaging.manage', audit: { entity: 'messaging_topic' } },
    schema: {
      tags: ['messaging'],
      summary: 'Create a messaging topic',
      body: messagingTopicInput,
      response: { 201: envelope(messagingTopicData) },
    },
    handler: async (request, reply) => {
      const topic = await createTopic(app.db, request.body, auditOf(request));
      return reply.status(201).send(ok(MESSAGING_TOPIC_SUCCESS.created, { topic }));
    },
  });

  r.put('/api/messaging/topics/:id', {
    config: {
      access: 'messaging.manage',
      audit: { entity: 'messaging_topic' },
      version: messagingTopics,
    },
    schema: {
      tags: ['messaging'],
      summary: 'Update a messaging topic',
      params: messagingTopicParams,
      body: messagingTopicInput,
      response: { 200: envelope(messagingTopicData) },
    },
    handler: async (request, reply) => {
      const topic = await versionedWrite(app.db, request, (db) =>
        updateTopic(db, request.params.id, request.body, auditOf(request)),
      );
      sendVersion(reply, topic.updated_at);
      return ok(MESSAGING_TOPIC_SUCCESS.updated, { topic });
    },
  });

  r.delete('/api/messaging/topics/:id', {
    config: {
      access: 'messaging.manage',
      audit: { entity: 'messaging_topic' },
      version: messagingTopics,
    },
    schema: {
      tags: ['messaging'],
      summary: 'Delete a messaging topic no template names (409 otherwise)',
      params: messagingTopicParams,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteTopic(db, request.params.id, auditOf(request)),
      );
      return ok(MESSAGING_TOPIC_SUCCESS.deleted);
    },
  });

  r.get('/api/messaging/settings', {
    config: { access: 'messaging.view' },
    schema: {
      tags: ['messaging'],
      summary: "The organisation's quiet hours and default time zone",
      response: { 200: envelope(messagingSettingsData) },
    },
    handler: async () =>
      ok(MESSAGING_SETTINGS_SUCCESS.fetched, { settings: await getMessagingSettings(app.db) }),
  });

  r.put('/api/messaging/settings', {
    config: { access: 'messaging.manage', audit: { entity: 'messaging_settings' } },
    schema: {
      tags: ['messaging'],
      summary: "Change the organisation's quiet hours and default time zone",
      description:
        "Quiet hours are a daily window of local time (`HH:MM`, 24-hour clock), counted in each recipient's own time zone, or in `time_zone` for those without one. A window may cross midnight (21:00–08:00). A send marked `respect_quiet_hours` holds each delivery due inside it until it ends; account messages are never held.",
      body: messagingSettingsInput,
      response: { 200: envelope(messagingSettingsData) },
    },
    handler: async (request) =>
      ok(MESSAGING_SETTINGS_SUCCESS.updated, {
        settings: await updateMessagingSettings(app.db, request.body, auditOf(request)),
      }),
  });

  r.get('/api/users/:id/preferences', {
    config: { access: 'messaging.view' },
    schema: {
      tags: ['messaging'],
      summary:
        "A user's messaging preferences: each active topic on each channel, and their consent history",
      description:
        'A preference is decided by the newest consent row for that topic or for every topic at once (an inbound STOP) on that channel; with none, by the topic default (`source` null).',
      params: idParam,
      response: { 200: envelope(preferencesData) },
    },
    handler: async (request) =>
      ok(PREFERENCE_SUCCESS.listed, await userPreferences(app.db, request.params.id)),
  });

  r.put('/api/users/:id/preferences', {
    config: { access: 'messaging.manage', audit: { entity: 'user' } },
    schema: {
      tags: ['messaging'],
      summary: "Change a user's preference for one topic on one channel",
      description:
        'Appends a consent row with the source `admin`; the history is kept. Resubscribing needs a `reason`.',
      params: idParam,
      body: preferenceInput,
      response: { 200: envelope(preferencesData) },
    },
    handler: async (request) =>
      ok(
        PREFERENCE_SUCCESS.updated,
        await setPreference(app.db, request.params.id, request.body, auditOf(request)),
      ),
  });
}
