import type { Db } from '../client';
import { roles, users } from '../schema';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, PLACES } from './demo-names';

const STREETS = [
  'MG Road',
  'Station Road',
  'Nehru Nagar',
  'Gandhi Chowk',
  'Park Street',
  'Linking Road',
  'Brigade Road',
  'Civil Lines',
  'Anna Salai',
  'Shivaji Park',
];

/** A small deterministic generator, so every fresh install has the same demo people. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMO_USER_COUNT = 320;

/** Demo platform users across roles and statuses (first start only). */
export async function seedDemoUsers(db: Db, count = DEMO_USER_COUNT) {
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = (name: string) => roleRows.find((r) => r.name === name)?.id;
  const owner = roleId('owner');
  const umpire = roleId('umpire');
  const player = roleId('player');
  if (!owner || !umpire || !player) return;

  const rnd = prng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const rows: (typeof users.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const female = rnd() < 0.3;
    const first = pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const [city, state, pin] = pick(PLACES);
    const role = i % 10 === 0 ? owner : i % 15 === 1 ? umpire : player;
    const statusRoll = rnd();
    const status =
      statusRoll < 0.6
        ? 'verified'
        : statusRoll < 0.85
          ? 'pending'
          : statusRoll < 0.95
            ? 'initiated'
            : 'suspended';
    const age = 16 + Math.floor(rnd() * 30);
    const dob = new Date(Date.UTC(2026 - age, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
    const created = new Date(
      Date.UTC(2026, 10, 20) - Math.floor(rnd() * 540) * 86_400_000 - i * 60_000,
    );
    rows.push({
      firstName: first,
      lastName: last,
      email: `${first}.${last}${i + 1}@example.in`.toLowerCase(),
      phoneNumber: String(9_100_000_000 + i * 7_919 + Math.floor(rnd() * 7_000)),
      roleId: role,
      status,
      gender: female ? 'Female' : 'Male',
      dateOfBirth: dob.toISOString().slice(0, 10),
      address: `${1 + Math.floor(rnd() * 250)}, ${pick(STREETS)}`,
      city,
      state,
      country: 'India',
      pincode: `${pin}${String(1 + Math.floor(rnd() * 99)).padStart(3, '0')}`,
      createdAt: created,
      updatedAt: created,
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(users)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  }
}
