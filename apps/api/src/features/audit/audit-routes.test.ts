import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import {
  auditLogs,
  contactMessages,
  contactReplies,
  permissions,
  roles,
  sessions,
  users,
} from '../../db/schema';
import { auditAs } from '../../plugins/audit';
import { ADMIN, createTestApp, userPayload, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/**
 * Generated from the app's route table (decision 021): every mutating route that declares an
 * audited entity must have an example call below. Called as given it must succeed and leave
 * exactly one audit record with the right entity, action and field changes; made invalid it
 * must fail and leave none. A new mutating route without an example fails this file, so every
 * later feature adds its own row to EXAMPLES.
 */

interface Call {
  url: string;
  payload?: unknown;
}
interface Expected {
  entityId: number;
  action: AuditAction;
  /** The changed fields; `exact` means no other field may appear. */
  changes: Record<string, { before: unknown; after: unknown }>;
  exact: boolean;
}
interface Example {
  /** Prepares what the call needs (its own audit records do not count) and returns it. */
  valid(): Promise<{ call: Call; expect: (body: Body) => Expected }>;
  /** The same call made invalid: it must fail and write nothing. */
  invalid(): Promise<Call>;
}
type Body = { data?: Record<string, { id: number }> };

let t: TestApp;
let token: string;
let adminId: number;
let ownerRole: number;
let playerRole: number;
let perm: (name: string) => number;
/** Every password this file sends; none may reach the trail. */
const SECRETS = [ADMIN.password, 'Secret#Pass123', 'Invalid#Pass999', 'Another#Pass456'];

let seq = 0;
const unique = () => {
  seq += 1;
  return seq;
};
const phone = () => String(9_700_000_000 + unique() * 7);

const api = (method: string, url: string, payload?: unknown) =>
  t.as(token, { method: method as 'POST', url, payload: payload as never });

async function ok<T = Body>(method: string, url: string, payload?: unknown): Promise<T> {
  const res = await api(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

const newUser = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { user: { id: number } } }>(
      'POST',
      '/api/users',
      userPayload(playerRole, { email: `u${unique()}@audit.test`, phone_number: phone(), ...over }),
    )
  ).data.user.id;

const teamBody = (over: Record<string, unknown> = {}) => ({
  name: 'Audit Eleven',
  location: 'Pune',
  team_initials: 'AUD',
  is_active: true,
  add_me: false,
  owner_id: 0,
  ...over,
});
let ownerId: number;
const newTeam = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { team: { id: number } } }>(
      'POST',
      '/api/teams',
      teamBody({ owner_id: ownerId, ...over }),
    )
  ).data.team.id;

const newRole = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { role: { id: number } } }>('POST', '/api/roles', {
      name: `Auditor ${unique()}`,
      description: 'Reads the trail',
      permission_ids: [perm('teams.view')],
      ...over,
    })
  ).data.role.id;

const emailTemplateBody = {
  name: 'Audit Template',
  subject: 'Hello {{first_name}}',
  template_type: 'notification',
  status: 'draft',
  description: '',
  content: '<p>Hello</p>',
};
const newEmailTemplate = async () =>
  (
    await ok<{ data: { template: { id: number } } }>(
      'POST',
      '/api/email-templates',
      emailTemplateBody,
    )
  ).data.template.id;

/** A message as the public website sends it, from its own address each time (rate limit). */
const newContactMessage = async () => {
  const subject = `Tickets ${unique()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.9.0.${unique()}`,
    payload: { name: 'Fan', email: 'fan@audit.test', subject, message: 'When is the final?' },
  });
  if (res.statusCode !== 201) throw new Error(`contact: ${res.statusCode} ${res.body}`);
  const [row] = await t.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.subject, subject));
  return row!.id;
};

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function uploadForm(type: string) {
  const form = new FormData();
  form.append('type', type);
  form.append('files', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
  return form;
}

const newCategory = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { category: { _id: number } } }>('POST', '/api/wa/template-categories', {
      name: 'Audit Updates',
      slug: `audit-updates-${unique()}`,
      order: 0,
      ...over,
    })
  ).data.category._id;

const templateBody = (category: number, over: Record<string, unknown> = {}) => ({
  name: `audit_template_${unique()}`,
  category,
  type: 'text',
  body_text: 'Your match starts soon. See you at the ground!',
  ...over,
});
const newTemplate = async (category: number, over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { template: { _id: number } } }>(
      'POST',
      '/api/wa/templates',
      templateBody(category, over),
    )
  ).data.template._id;
const idOf = (body: Body, key: string) => (body.data![key] as unknown as { _id: number })._id;

const notificationTemplateBody = (over: Record<string, unknown> = {}) => ({
  name: 'Audit notice',
  type: 'email',
  status: 'active',
  subject: 'Hello {{first_name}}',
  message: 'Your match starts at 10.',
  ...over,
});
const newNotificationTemplate = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ data: { template: { id: number } } }>(
      'POST',
      '/api/notifications/templates',
      notificationTemplateBody(over),
    )
  ).data.template.id;
/** A send scheduled an hour ahead, so no worker touches it during the example. */
const newScheduledSend = async () => {
  const templateId = await newNotificationTemplate();
  return (
    await ok<{ data: { send: { id: number } } }>('POST', '/api/notifications/send', {
      template_id: templateId,
      recipient_type: 'specific',
      recipient_ids: [adminId],
      subject: 'Hello',
      message: 'Your match starts at 10.',
      send_immediately: false,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
  ).data.send.id;
};

const EXAMPLES: Record<string, Example> = {
  'POST /api/users': {
    async valid() {
      const email = `new${unique()}@audit.test`;
      return {
        call: {
          url: '/api/users',
          payload: userPayload(playerRole, { email, phone_number: phone(), first_name: 'Asha' }),
        },
        expect: (body) => ({
          entityId: body.data!.user!.id,
          action: 'create',
          changes: {
            first_name: { before: null, after: 'Asha' },
            email: { before: null, after: email },
            role: { before: null, after: 'player' },
          },
          exact: false,
        }),
      };
    },
    invalid: async () => ({
      url: '/api/users',
      payload: userPayload(playerRole, { email: 'not-an-email', phone_number: phone() }),
    }),
  },
  'PUT /api/users/:id': {
    async valid() {
      const email = `edit${unique()}@audit.test`;
      const number = phone();
      const id = await newUser({ email, phone_number: number, first_name: 'Old', city: 'Pune' });
      return {
        call: {
          url: `/api/users/${id}`,
          payload: userPayload(playerRole, {
            email,
            phone_number: number,
            first_name: 'New',
            city: 'Nagpur',
          }),
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            first_name: { before: 'Old', after: 'New' },
            city: { before: 'Pune', after: 'Nagpur' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newUser();
      return { url: `/api/users/${id}`, payload: userPayload(playerRole, { first_name: '1' }) };
    },
  },
  'DELETE /api/users/:id': {
    async valid() {
      const id = await newUser({ first_name: 'Gone' });
      return {
        call: { url: `/api/users/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { first_name: { before: 'Gone', after: null } },
          exact: false,
        }),
      };
    },
    // Deleting yourself is refused.
    invalid: async () => ({ url: `/api/users/${adminId}` }),
  },
  'PUT /api/users/:id/password': {
    async valid() {
      const id = await newUser();
      return {
        call: { url: `/api/users/${id}/password`, payload: { password: 'Secret#Pass123' } },
        expect: () => ({ entityId: id, action: 'password_change', changes: {}, exact: true }),
      };
    },
    async invalid() {
      const id = await newUser();
      return { url: `/api/users/${id}/password`, payload: { password: '123' } };
    },
  },
  'POST /api/teams': {
    valid: async () => ({
      call: { url: '/api/teams', payload: teamBody({ owner_id: ownerId, name: 'Pune Pacers' }) },
      expect: (body) => ({
        entityId: body.data!.team!.id,
        action: 'create',
        changes: {
          name: { before: null, after: 'Pune Pacers' },
          owner_id: { before: null, after: ownerId },
        },
        exact: false,
      }),
    }),
    invalid: async () => ({
      url: '/api/teams',
      payload: teamBody({ owner_id: ownerId, name: '' }),
    }),
  },
  'PUT /api/teams/:id': {
    async valid() {
      const id = await newTeam({ name: 'Before Name', location: 'Pune' });
      return {
        call: {
          url: `/api/teams/${id}`,
          payload: teamBody({ owner_id: ownerId, name: 'After Name', location: 'Goa' }),
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            name: { before: 'Before Name', after: 'After Name' },
            location: { before: 'Pune', after: 'Goa' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newTeam();
      return {
        url: `/api/teams/${id}`,
        payload: teamBody({ owner_id: ownerId, team_initials: 'TOOLONG' }),
      };
    },
  },
  'DELETE /api/teams/:id': {
    async valid() {
      const id = await newTeam({ name: 'Doomed XI' });
      return {
        call: { url: `/api/teams/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { name: { before: 'Doomed XI', after: null } },
          exact: false,
        }),
      };
    },
    invalid: async () => ({ url: '/api/teams/999999' }),
  },
  'POST /api/teams/:id/players/multiple': {
    async valid() {
      const id = await newTeam();
      const player = await newUser();
      return {
        call: {
          url: `/api/teams/${id}/players/multiple`,
          payload: { players: [{ user_id: player, jersey_number: 7 }] },
        },
        expect: () => ({
          entityId: id,
          action: 'players_add',
          changes: {
            players_count: { before: 0, after: 1 },
            [`players.${player}`]: {
              before: null,
              after: expect.objectContaining({ jersey_number: 7, is_captain: false }),
            },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newTeam();
      const player = await newUser();
      return {
        url: `/api/teams/${id}/players/multiple`,
        payload: { players: [{ user_id: player, jersey_number: 100 }] },
      };
    },
  },
  'PUT /api/teams/:id/players/:playerId': {
    async valid() {
      const id = await newTeam();
      const player = await newUser();
      await ok('POST', `/api/teams/${id}/players/multiple`, {
        players: [{ user_id: player, jersey_number: 7 }],
      });
      return {
        call: { url: `/api/teams/${id}/players/${player}`, payload: { jersey_number: 9 } },
        expect: () => ({
          entityId: id,
          action: 'player_update',
          changes: {
            [`players.${player}`]: {
              before: expect.objectContaining({ jersey_number: 7 }),
              after: expect.objectContaining({ jersey_number: 9 }),
            },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newTeam();
      const player = await newUser();
      await ok('POST', `/api/teams/${id}/players/multiple`, { players: [{ user_id: player }] });
      return { url: `/api/teams/${id}/players/${player}`, payload: { jersey_number: 0 } };
    },
  },
  'DELETE /api/teams/:id/players/:playerId': {
    async valid() {
      const id = await newTeam();
      const player = await newUser();
      await ok('POST', `/api/teams/${id}/players/multiple`, {
        players: [{ user_id: player, jersey_number: 3 }],
      });
      return {
        call: { url: `/api/teams/${id}/players/${player}` },
        expect: () => ({
          entityId: id,
          action: 'player_remove',
          changes: {
            players_count: { before: 1, after: 0 },
            [`players.${player}`]: {
              before: expect.objectContaining({ jersey_number: 3 }),
              after: null,
            },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newTeam();
      const player = await newUser();
      return { url: `/api/teams/${id}/players/${player}` };
    },
  },
  'POST /api/roles': {
    valid: async () => ({
      call: {
        url: '/api/roles',
        payload: { name: 'Scorer Audit', permission_ids: [perm('teams.view')] },
      },
      expect: (body) => ({
        entityId: body.data!.role!.id,
        action: 'create',
        changes: {
          name: { before: null, after: 'Scorer Audit' },
          is_active: { before: null, after: true },
          permissions: { before: null, after: ['teams.view'] },
        },
        exact: true,
      }),
    }),
    invalid: async () => ({ url: '/api/roles', payload: { name: '' } }),
  },
  'PUT /api/roles/:id': {
    async valid() {
      const id = await newRole({ name: 'Role Before', description: 'old' });
      return {
        call: { url: `/api/roles/${id}`, payload: { name: 'Role After', description: 'new' } },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            name: { before: 'Role Before', after: 'Role After' },
            description: { before: 'old', after: 'new' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newRole();
      return { url: `/api/roles/${id}`, payload: { name: 'x'.repeat(51) } };
    },
  },
  'DELETE /api/roles/:id': {
    async valid() {
      const id = await newRole({ name: 'Short Lived' });
      return {
        call: { url: `/api/roles/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: {
            name: { before: 'Short Lived', after: null },
            permissions: { before: ['teams.view'], after: null },
          },
          exact: false,
        }),
      };
    },
    // The administrator role is protected.
    invalid: async () => ({ url: '/api/roles/1' }),
  },
  'POST /api/roles/:id/permissions': {
    async valid() {
      const id = await newRole();
      return {
        call: {
          url: `/api/roles/${id}/permissions`,
          payload: { permission_ids: [perm('teams.create')] },
        },
        expect: () => ({
          entityId: id,
          action: 'permissions_grant',
          changes: {
            permissions: { before: ['teams.view'], after: ['teams.create', 'teams.view'] },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newRole();
      return { url: `/api/roles/${id}/permissions`, payload: { permission_ids: [] } };
    },
  },
  'DELETE /api/roles/:id/permissions': {
    async valid() {
      const id = await newRole({ permission_ids: [perm('teams.view'), perm('teams.create')] });
      return {
        call: {
          url: `/api/roles/${id}/permissions`,
          payload: { permission_ids: [perm('teams.view')] },
        },
        expect: () => ({
          entityId: id,
          action: 'permissions_revoke',
          changes: {
            permissions: { before: ['teams.create', 'teams.view'], after: ['teams.create'] },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({
      url: '/api/roles/999999/permissions',
      payload: { permission_ids: [perm('teams.view')] },
    }),
  },
  'POST /api/email-templates': {
    valid: async () => ({
      call: {
        url: '/api/email-templates',
        payload: { name: 'Audit Welcome', subject: 'Hi {{first_name}}', content: '<p>Hi</p>' },
      },
      expect: (body) => ({
        entityId: body.data!.template!.id,
        action: 'create',
        changes: {
          name: { before: null, after: 'Audit Welcome' },
          status: { before: null, after: 'draft' },
        },
        exact: false,
      }),
    }),
    invalid: async () => ({
      url: '/api/email-templates',
      payload: { name: 'Audit Welcome', subject: 'Hi {{team}}', content: '<p>Hi</p>' },
    }),
  },
  'PUT /api/email-templates/:id': {
    async valid() {
      const id = await newEmailTemplate();
      return {
        call: {
          url: `/api/email-templates/${id}`,
          payload: { ...emailTemplateBody, subject: 'Changed', status: 'active' },
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            subject: { before: emailTemplateBody.subject, after: 'Changed' },
            status: { before: 'draft', after: 'active' },
            last_modified: { before: expect.any(String), after: expect.any(String) },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({
      url: `/api/email-templates/${await newEmailTemplate()}`,
      payload: { ...emailTemplateBody, content: '' },
    }),
  },
  'DELETE /api/email-templates/:id': {
    async valid() {
      const id = await newEmailTemplate();
      return {
        call: { url: `/api/email-templates/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { name: { before: emailTemplateBody.name, after: null } },
          exact: false,
        }),
      };
    },
    invalid: async () => ({ url: '/api/email-templates/999999' }),
  },
  'DELETE /api/contact-messages/:id': {
    async valid() {
      const id = await newContactMessage();
      return {
        call: { url: `/api/contact-messages/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { email: { before: 'fan@audit.test', after: null } },
          exact: false,
        }),
      };
    },
    invalid: async () => ({ url: '/api/contact-messages/999999' }),
  },
  'POST /api/contact-messages/:id/reply': {
    async valid() {
      const id = await newContactMessage();
      return {
        call: {
          url: `/api/contact-messages/${id}/reply`,
          payload: { subject: 'Re: Tickets', message: 'They go on sale on Monday.' },
        },
        expect: () => ({
          entityId: id,
          action: 'reply',
          changes: {
            status: { before: 'unread', after: 'read' },
            replies_count: { before: 0, after: 1 },
            reply: { before: null, after: expect.objectContaining({ subject: 'Re: Tickets' }) },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({
      url: `/api/contact-messages/${await newContactMessage()}/reply`,
      payload: { subject: 'Re: Tickets', message: 'short' },
    }),
  },
  'POST /api/contact-messages/:id/replies/:replyId/retry': {
    async valid() {
      const id = await newContactMessage();
      smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
      const failed = await api('POST', `/api/contact-messages/${id}/reply`, {
        subject: 'Re: Tickets',
        message: 'They go on sale on Monday.',
      });
      smtp.refuse(null);
      expect(failed.statusCode).toBe(502);
      const [reply] = await t.db
        .select({ id: contactReplies.id })
        .from(contactReplies)
        .where(eq(contactReplies.messageId, id));
      return {
        call: { url: `/api/contact-messages/${id}/replies/${reply!.id}/retry` },
        expect: () => ({
          entityId: id,
          action: 'reply_retry',
          changes: {
            reply: {
              before: expect.objectContaining({ status: 'failed' }),
              after: expect.objectContaining({ status: 'sending' }),
            },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({ url: '/api/contact-messages/999999/replies/999999/retry' }),
  },
  'POST /api/media/upload': {
    valid: async () => ({
      call: { url: '/api/media/upload', payload: uploadForm('profile_pictures') },
      expect: (body) => {
        void body;
        return {
          entityId: expect.any(Number) as unknown as number,
          action: 'create',
          changes: {
            type: { before: null, after: 'profile_pictures' },
            files: { before: null, after: [expect.objectContaining({ name: 'me.png' })] },
          },
          exact: true,
        };
      },
    }),
    invalid: async () => ({ url: '/api/media/upload', payload: uploadForm('nonsense') }),
  },
  'POST /api/wa/template-categories': {
    async valid() {
      const slug = `audit-new-${unique()}`;
      return {
        call: {
          url: '/api/wa/template-categories',
          payload: { name: 'Audit News', slug, icon: '🏏', order: 2 },
        },
        expect: (body) => ({
          entityId: idOf(body, 'category'),
          action: 'create',
          changes: {
            name: { before: null, after: 'Audit News' },
            slug: { before: null, after: slug },
            icon: { before: null, after: '🏏' },
          },
          exact: false,
        }),
      };
    },
    invalid: async () => ({
      url: '/api/wa/template-categories',
      payload: { name: 'Audit News', slug: 'Not A Slug', order: 0 },
    }),
  },
  'PUT /api/wa/template-categories/:_id': {
    async valid() {
      const slug = `audit-edit-${unique()}`;
      const id = await newCategory({ name: 'Before', slug, order: 1 });
      return {
        call: {
          url: `/api/wa/template-categories/${id}`,
          payload: { name: 'After', slug, order: 3, status: 'inactive' },
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            name: { before: 'Before', after: 'After' },
            order: { before: 1, after: 3 },
            status: { before: 'active', after: 'inactive' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newCategory();
      return {
        url: `/api/wa/template-categories/${id}`,
        payload: { name: 'A', slug: `audit-x-${unique()}`, order: 0 },
      };
    },
  },
  'DELETE /api/wa/template-categories/:_id': {
    async valid() {
      const id = await newCategory({ name: 'Doomed Category' });
      return {
        call: { url: `/api/wa/template-categories/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { name: { before: 'Doomed Category', after: null } },
          exact: false,
        }),
      };
    },
    async invalid() {
      // A category in use is kept.
      const id = await newCategory();
      await newTemplate(id);
      return { url: `/api/wa/template-categories/${id}` };
    },
  },
  'POST /api/wa/templates': {
    async valid() {
      const category = await newCategory();
      const name = `audit_created_${unique()}`;
      return {
        call: { url: '/api/wa/templates', payload: templateBody(category, { name }) },
        expect: (body) => ({
          entityId: idOf(body, 'template'),
          action: 'create',
          changes: {
            name: { before: null, after: name },
            status: { before: null, after: 'draft' },
          },
          exact: false,
        }),
      };
    },
    async invalid() {
      const category = await newCategory();
      return {
        url: '/api/wa/templates',
        payload: templateBody(category, { name: 'Not A WhatsApp Name' }),
      };
    },
  },
  'PUT /api/wa/templates/:id': {
    async valid() {
      const category = await newCategory();
      const body = templateBody(category);
      const id = await newTemplate(category, body);
      return {
        call: {
          url: `/api/wa/templates/${id}`,
          payload: { ...body, status: 'approved', footer_text: 'Cricket Board' },
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            status: { before: 'draft', after: 'approved' },
            footer_text: { before: null, after: 'Cricket Board' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const category = await newCategory();
      const body = templateBody(category);
      const id = await newTemplate(category, body);
      return { url: `/api/wa/templates/${id}`, payload: { ...body, footer_text: 'x'.repeat(61) } };
    },
  },
  'DELETE /api/wa/templates/:id': {
    async valid() {
      const category = await newCategory();
      const name = `audit_doomed_${unique()}`;
      const id = await newTemplate(category, { name });
      return {
        call: { url: `/api/wa/templates/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { name: { before: name, after: null } },
          exact: false,
        }),
      };
    },
    invalid: async () => ({ url: '/api/wa/templates/999999' }),
  },
  'POST /api/notifications/templates': {
    valid: async () => ({
      call: {
        url: '/api/notifications/templates',
        payload: notificationTemplateBody({ name: 'Toss alert' }),
      },
      expect: (body) => ({
        entityId: body.data!.template!.id,
        action: 'create',
        changes: {
          name: { before: null, after: 'Toss alert' },
          type: { before: null, after: 'email' },
        },
        exact: false,
      }),
    }),
    invalid: async () => ({
      url: '/api/notifications/templates',
      payload: notificationTemplateBody({ message: 'Hi {{team}}, welcome aboard' }),
    }),
  },
  'PUT /api/notifications/templates/:id': {
    async valid() {
      const id = await newNotificationTemplate({ name: 'Before notice' });
      return {
        call: {
          url: `/api/notifications/templates/${id}`,
          payload: notificationTemplateBody({ name: 'After notice', status: 'inactive' }),
        },
        expect: () => ({
          entityId: id,
          action: 'update',
          changes: {
            name: { before: 'Before notice', after: 'After notice' },
            status: { before: 'active', after: 'inactive' },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newNotificationTemplate();
      return {
        url: `/api/notifications/templates/${id}`,
        payload: notificationTemplateBody({ type: 'push', subject: '' }),
      };
    },
  },
  'DELETE /api/notifications/templates/:id': {
    async valid() {
      const id = await newNotificationTemplate({ name: 'Doomed notice' });
      return {
        call: { url: `/api/notifications/templates/${id}` },
        expect: () => ({
          entityId: id,
          action: 'delete',
          changes: { name: { before: 'Doomed notice', after: null } },
          exact: false,
        }),
      };
    },
    invalid: async () => ({ url: '/api/notifications/templates/999999' }),
  },
  'POST /api/notifications/send': {
    async valid() {
      const templateId = await newNotificationTemplate();
      return {
        call: {
          url: '/api/notifications/send',
          payload: {
            template_id: templateId,
            recipient_type: 'specific',
            recipient_ids: [adminId],
            subject: 'Hello',
            message: 'Your match starts at 10.',
            send_immediately: true,
          },
        },
        expect: (body) => ({
          entityId: body.data!.send!.id,
          action: 'send',
          changes: {
            template_id: { before: null, after: templateId },
            recipient_type: { before: null, after: 'specific' },
            recipients: { before: null, after: 1 },
          },
          exact: false,
        }),
      };
    },
    async invalid() {
      const templateId = await newNotificationTemplate();
      return {
        url: '/api/notifications/send',
        payload: {
          template_id: templateId,
          recipient_type: 'specific',
          recipient_ids: [],
          subject: 'Hello',
          message: 'Your match starts at 10.',
        },
      };
    },
  },
  'POST /api/notifications/sends/:id/cancel': {
    async valid() {
      const id = await newScheduledSend();
      return {
        call: { url: `/api/notifications/sends/${id}/cancel` },
        expect: () => ({
          entityId: id,
          action: 'cancel',
          changes: { status: { before: 'scheduled', after: 'cancelled' } },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newScheduledSend();
      await ok('POST', `/api/notifications/sends/${id}/cancel`);
      return { url: `/api/notifications/sends/${id}/cancel` };
    },
  },
  'POST /api/notifications/sends/:id/retry-failed': {
    async valid() {
      const id = await newScheduledSend();
      // As if its only delivery had failed for good.
      await t.db.execute(
        sql`update notification_deliveries set status = 'failed', last_error = '550 No such user' where send_id = ${id}`,
      );
      await t.db.execute(sql`update notification_sends set status = 'failed' where id = ${id}`);
      return {
        call: { url: `/api/notifications/sends/${id}/retry-failed` },
        expect: () => ({
          entityId: id,
          action: 'retry_failed',
          changes: {
            status: { before: 'failed', after: 'running' },
            failed: { before: 1, after: 0 },
          },
          exact: true,
        }),
      };
    },
    async invalid() {
      const id = await newScheduledSend();
      return { url: `/api/notifications/sends/${id}/retry-failed` };
    },
  },
  'PUT /api/user/profile': {
    async valid() {
      const number = phone();
      const [me] = await t.db
        .select({ phone: users.phoneNumber, last: users.lastName })
        .from(users)
        .where(sql`${users.id} = ${adminId}`);
      return {
        call: {
          url: '/api/user/profile',
          payload: { first_name: 'Platform', last_name: 'Owner', phone_number: number },
        },
        expect: () => ({
          entityId: adminId,
          action: 'update',
          changes: {
            last_name: { before: me!.last, after: 'Owner' },
            phone_number: { before: me!.phone, after: number },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({
      url: '/api/user/profile',
      payload: { first_name: '1', last_name: 'Owner', phone_number: phone() },
    }),
  },
  'PUT /api/user/password': {
    valid: async () => ({
      call: {
        url: '/api/user/password',
        payload: {
          current_password: ADMIN.password,
          new_password: 'Secret#Pass123',
          confirm_password: 'Secret#Pass123',
        },
      },
      expect: () => ({ entityId: adminId, action: 'password_change', changes: {}, exact: true }),
    }),
    // By now the password is the new one: the old one is wrong.
    invalid: async () => ({
      url: '/api/user/password',
      payload: {
        current_password: 'Invalid#Pass999',
        new_password: 'Another#Pass456',
        confirm_password: 'Another#Pass456',
      },
    }),
  },
};

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  // Replies are emailed: a real SMTP server receives them.
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
  token = await t.login();
  const [admin] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${ADMIN.email}`);
  adminId = admin!.id;
  const made = await t.db
    .insert(roles)
    .values([{ name: 'owner' }, { name: 'player' }])
    .returning({ id: roles.id, name: roles.name });
  ownerRole = made.find((r) => r.name === 'owner')!.id;
  playerRole = made.find((r) => r.name === 'player')!.id;
  const catalogue = await t.db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions);
  perm = (name) => catalogue.find((p) => p.name === name)!.id;
  ownerId = await newUser({ role_id: ownerRole, first_name: 'Olivia' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const lastId = async () =>
  (await t.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]
    ?.id ?? 0;
const recordsAfter = (id: number) =>
  t.db.select().from(auditLogs).where(gt(auditLogs.id, id)).orderBy(auditLogs.id);

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const audited = () =>
  t.app.routeAuditTable.filter(
    (r): r is typeof r & { audit: { entity: string } } => 'entity' in r.audit,
  );

describe('audit route table', () => {
  it('has a valid and an invalid example call for every audited mutating route', () => {
    const missing = audited()
      .map(key)
      .filter((k) => !EXAMPLES[k]);
    expect(missing, 'add these routes to EXAMPLES in audit-routes.test.ts').toEqual([]);
    const stale = Object.keys(EXAMPLES).filter((k) => !audited().some((r) => key(r) === k));
    expect(stale, 'examples for routes that are gone or not audited').toEqual([]);
  });

  it('gives a reason for every mutating route that is not audited', () => {
    for (const r of t.app.routeAuditTable)
      if ('none' in r.audit) expect(r.audit.none.length, key(r)).toBeGreaterThan(10);
  });

  it('each audited route writes exactly one record on success and none when refused', async () => {
    for (const route of audited()) {
      const example = EXAMPLES[key(route)];
      if (!example) continue;
      const { call, expect: expected } = await example.valid();
      const before = await lastId();
      const res = await api(route.method, call.url, call.payload);
      expect(res.statusCode, `${key(route)}: ${res.body}`).toBeLessThan(300);
      const records = await recordsAfter(before);
      expect(records, key(route)).toHaveLength(1);
      const [record] = records;
      const want = expected(res.json());
      expect(record, key(route)).toMatchObject({
        actorId: adminId,
        actorEmail: ADMIN.email,
        entityType: route.audit.entity,
        entityId: want.entityId,
        action: want.action,
      });
      const changes = record!.changes as Record<string, unknown>;
      expect(changes, key(route)).toMatchObject(want.changes);
      if (want.exact)
        expect(Object.keys(changes).sort(), key(route)).toEqual(Object.keys(want.changes).sort());

      const bad = await example.invalid();
      const beforeBad = await lastId();
      const refused = await api(route.method, bad.url, bad.payload);
      expect(refused.statusCode, `${key(route)} invalid: ${refused.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(await recordsAfter(beforeBad), `${key(route)} invalid`).toHaveLength(0);
    }
  });

  it('never records a password, a password hash or a session token', async () => {
    const hashes = (await t.db.select({ h: users.passwordHash }).from(users))
      .map((r) => r.h)
      .filter((h): h is string => Boolean(h));
    const tokenHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (r) => r.h,
    );
    const secrets = [...SECRETS, token, ...hashes, ...tokenHashes];
    expect(hashes.length).toBeGreaterThan(1);
    const rows = await queryRows<{ t: string }>(t.db, sql`select a::text as t from audit_logs a`);
    expect(rows.length).toBeGreaterThan(10);
    for (const { t: text } of rows)
      for (const secret of secrets) expect(text.includes(secret), text).toBe(false);
  });
});

describe('audit writer', () => {
  it('leaves no record when the change it belongs to fails', async () => {
    const before = await lastId();
    await expect(
      t.db.transaction(async (tx) => {
        await auditAs(null, 'team')(tx, {
          entityId: 1,
          action: 'update',
          before: { name: 'Before' },
          after: { name: 'After' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await recordsAfter(before)).toHaveLength(0);
  });

  it('leaves no record for a save that changed nothing, and one for a save that did', async () => {
    const id = await newTeam({ name: 'Same Again XI' });
    const before = await lastId();
    const same = await api(
      'PUT',
      `/api/teams/${id}`,
      teamBody({ owner_id: ownerId, name: 'Same Again XI' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await recordsAfter(before)).toHaveLength(0);
    const moved = await api(
      'PUT',
      `/api/teams/${id}`,
      teamBody({ owner_id: ownerId, name: 'Same Again XI', location: 'Indore' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const records = await recordsAfter(before);
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0]!.changes as object)).toEqual(['location']);
  });

  it('names each record as it is called now, and a deleted one as its delete record kept it', async () => {
    const id = await newTeam({ name: 'Named XI' });
    await ok('PUT', `/api/teams/${id}`, teamBody({ owner_id: ownerId, name: 'Renamed XI' }));
    const names = async () =>
      (
        await ok<{ data: { data: { entity_name: string | null }[] } }>(
          'GET',
          `/api/audit-logs?entity_type=team&entity_id=${id}`,
        )
      ).data.data.map((r) => r.entity_name);
    expect(await names()).toEqual(['Renamed XI', 'Renamed XI']);
    await ok('DELETE', `/api/teams/${id}`);
    expect(await names()).toEqual(['Renamed XI', 'Renamed XI', 'Renamed XI']);

    const userId = await newUser({ first_name: 'Asha', last_name: 'Rao' });
    const [user] = (
      await ok<{ data: { data: { entity_name: string | null }[] } }>(
        'GET',
        `/api/audit-logs?entity_type=user&entity_id=${userId}`,
      )
    ).data.data;
    expect(user?.entity_name).toBe('Asha Rao');
  });

  it('refuses to write outside a transaction', async () => {
    await expect(auditAs(null, 'team')(t.db, { entityId: 1, action: 'update' })).rejects.toThrow(
      /inside the transaction/,
    );
  });

  it('keeps secret fields out of the changes at any depth', async () => {
    const before = await lastId();
    await t.db.transaction((tx) =>
      auditAs(null, 'user')(tx, {
        entityId: 1,
        action: 'update',
        before: { name: 'a', password_hash: 'h1', nested: { token: 't1', keep: 1 } },
        after: { name: 'b', password_hash: 'h2', nested: { token: 't2', keep: 2 } },
      }),
    );
    const [record] = await recordsAfter(before);
    expect(record!.changes).toEqual({
      name: { before: 'a', after: 'b' },
      nested: { before: { keep: 1 }, after: { keep: 2 } },
    });
    expect(record!.actorId).toBeNull();
  });

  it('refuses to start with a mutating route that declares no audit, or none without a reason', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: auditPlugin } = await import('../../plugins/audit');
    const app = Fastify();
    await app.register(auditPlugin);
    expect(() =>
      app.post('/api/undeclared', { config: { access: 'public' } }, async () => 'x'),
    ).toThrow(/declares no audit/);
    expect(() =>
      app.put('/api/lazy', { config: { access: 'public', audit: { none: ' ' } } }, async () => 'x'),
    ).toThrow(/without a reason/);
    expect(() =>
      app.get('/api/read', { config: { access: 'public' } }, async () => 'x'),
    ).not.toThrow();
    await app.close();
  });
});
