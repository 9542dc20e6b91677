import type { PersonalDataExport } from '@cricket/contracts';
import { request } from '@/lib/http';

/** GET /users/{id}/personal-data: everything held about the person (decision 055). */
export async function getPersonalData(id: number): Promise<PersonalDataExport> {
  const response = await request<{ personal_data: PersonalDataExport }>(
    `/users/${id}/personal-data`,
  );
  return response.data.personal_data;
}
