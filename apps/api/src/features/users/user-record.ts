import { sql } from 'drizzle-orm';
import { roles } from '../../db/schema';

/**
 * A user as the API answers it (spec §3: account fields flat, personal ones under details),
 * as PostgreSQL builds it from the row `u` of users. The list and the profile both read users
 * through this one definition. The role's name is a subquery: a few primary-key probes cost
 * less than hashing the roles table.
 */
export const userRecord = sql`select u.id, u.phone_number, u.role_id,
    (select r.name from ${roles} r where r.id = u.role_id) as role, u.status,
    to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
    u.time_zone,
    to_char(u.erased_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as erased_at,
    (select d from (select u.first_name, u.last_name, u.email, u.date_of_birth, u.gender, u.address,
       u.city, u.state, u.country, u.pincode, u.profile_picture) d) as details`;
