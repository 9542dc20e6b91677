import { expect } from 'vitest';
import type { AuditExamples } from '../../test/audit-examples';

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

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = () => {
  return {
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
  };
};
