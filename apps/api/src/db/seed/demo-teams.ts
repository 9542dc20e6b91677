import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ORGANIZER_ROLE, PLAYER_ROLE, fullName } from '@cricket/contracts';
import type { Db } from '../client';
import { dropdownOptions, media, roles, teamPlayers, teams, users } from '../schema';
import { localDirectoryStorage } from '../../lib/storage';
import { prng } from './demo-users';

type Rgb = readonly [number, number, number];

/** name, location, initials, primary and secondary colour, has a logo, active. */
const DEMO_TEAMS: [string, string, string, Rgb, Rgb, boolean, boolean][] = [
  ['Mumbai Mavericks', 'Mumbai', 'MUM', [0, 75, 160], [250, 190, 20], true, true],
  ['Delhi Dynamos', 'Delhi', 'DD', [200, 30, 45], [20, 40, 110], true, true],
  ['Bengaluru Blasters', 'Bengaluru', 'BLR', [170, 20, 30], [30, 30, 30], true, true],
  ['Chennai Chargers', 'Chennai', 'CHE', [250, 200, 0], [0, 80, 160], true, true],
  ['Kolkata Knights', 'Kolkata', 'KOL', [60, 30, 120], [220, 180, 60], true, true],
  ['Hyderabad Hawks', 'Hyderabad', 'HYD', [240, 100, 20], [30, 30, 30], true, true],
  ['Pune Panthers', 'Pune', 'PUN', [20, 120, 110], [240, 240, 240], false, true],
  ['Jaipur Jaguars', 'Jaipur', 'JAI', [230, 60, 140], [20, 50, 120], true, true],
  ['Lucknow Lions', 'Lucknow', 'LKO', [0, 150, 200], [240, 120, 40], true, false],
  ['Ahmedabad Aces', 'Ahmedabad', 'AHM', [30, 50, 90], [200, 170, 90], false, true],
  ['Kochi Kings', 'Kochi', 'KOC', [110, 40, 140], [250, 130, 30], true, true],
  ['Chandigarh Chiefs', 'Chandigarh', 'CHD', [200, 20, 20], [250, 210, 200], false, false],
];

/** A 5x7 bitmap of the capital letters the demo initials use. */
const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
};

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels as a PNG (no filter, one IDAT): no image library needed for demo logos. */
function encodePng(
  size: number,
  pixel: (x: number, y: number) => [number, number, number, number],
) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A round badge: a ring in the second colour, a shaded diagonal stripe, the initials on top. */
export function teamLogoPng(initials: string, primary: Rgb, secondary: Rgb, size = 128) {
  const scale = 5;
  const textWidth = initials.length * 6 * scale - scale;
  const textLeft = Math.floor((size - textWidth) / 2);
  const textTop = Math.floor((size - 7 * scale) / 2);
  const inText = (x: number, y: number) => {
    const gx = Math.floor((x - textLeft) / scale);
    const gy = Math.floor((y - textTop) / scale);
    if (x < textLeft || y < textTop || gy >= 7) return false;
    const glyph = GLYPHS[initials[Math.floor(gx / 6)] ?? ''];
    return glyph?.[gy]?.[gx % 6] === '1';
  };
  const centre = (size - 1) / 2;
  // Dark initials on a light badge (yellow), white ones on a dark badge.
  const light = 0.299 * primary[0] + 0.587 * primary[1] + 0.114 * primary[2] > 160;
  const ink: [number, number, number, number] = light ? [30, 30, 30, 255] : [255, 255, 255, 255];
  return encodePng(size, (x, y) => {
    const r = Math.hypot(x - centre, y - centre);
    if (r > size / 2) return [0, 0, 0, 0];
    if (r > size / 2 - 6) return [...secondary, 255];
    if (inText(x, y)) return ink;
    const shade = Math.abs(x - y) < size / 6 ? 0.7 : 1;
    return [
      Math.round(primary[0] * shade),
      Math.round(primary[1] * shade),
      Math.round(primary[2] * shade),
      255,
    ];
  });
}

/**
 * Demo teams (first start only): owners from the organizers, a generated PNG logo for most,
 * and squads of 11 to 18 distinct players with jerseys, one captain and one wicket keeper.
 */
export async function seedDemoTeams(db: Db, opts: { uploadDir?: string }) {
  const activeUsersOfRole = (role: string) =>
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(sql`lower(${roles.name}) = ${role}`, ne(users.status, 'suspended')))
      .orderBy(asc(users.id));
  const owners = await activeUsersOfRole(ORGANIZER_ROLE);
  const players = await activeUsersOfRole(PLAYER_ROLE);
  if (owners.length === 0 || players.length < 11) return;

  const options = await db.select().from(dropdownOptions);
  const optionId = (category: string, name: string) =>
    options.find((o) => o.category === category && o.name === name)?.id ?? null;
  const bowlingStyles = options.filter(
    (o) => o.category === 'bowling_style' && o.name !== 'Does not bowl',
  );

  const rnd = prng(20261205);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  let nextPlayer = 0;

  for (const [
    index,
    [name, location, initials, primary, secondary, hasLogo, isActive],
  ] of DEMO_TEAMS.entries()) {
    let logoUrl: string | null = null;
    if (hasLogo && opts.uploadDir) {
      const png = teamLogoPng(initials, primary, secondary);
      const fileName = `${randomUUID()}.png`;
      await localDirectoryStorage(opts.uploadDir).write(`team_logos/${fileName}`, png);
      await db.insert(media).values({
        type: 'team_logos',
        fileName,
        originalName: `${initials.toLowerCase()}-logo.png`,
        mimeType: 'image/png',
        size: png.length,
      });
      logoUrl = `/uploads/team_logos/${fileName}`;
    }

    const squadSize = Math.min(11 + Math.floor(rnd() * 8), players.length);
    // Distinct players per team while there are enough; then squads start sharing players.
    const squad = Array.from(
      { length: squadSize },
      (_, i) => players[(nextPlayer + i) % players.length]!,
    );
    nextPlayer += squadSize;
    const created = new Date(Date.UTC(2026, 10, 1) - (DEMO_TEAMS.length - index) * 9 * 86_400_000);
    const [team] = await db
      .insert(teams)
      .values({
        name,
        location,
        teamInitials: initials,
        logoUrl,
        isActive,
        ownerId: owners[index % owners.length]!.id,
        playersCount: squad.length,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: teams.id });

    const jerseys = new Set<number>();
    while (jerseys.size < squad.length) jerseys.add(1 + Math.floor(rnd() * 99));
    const numbers = [...jerseys];
    const keeper = 1 + Math.floor(rnd() * (squad.length - 1));
    const rows = squad.map((p, i) => {
      const role =
        i === keeper
          ? 'Wicket-keeper'
          : pick(['Batsman', 'Batsman', 'Bowler', 'Bowler', 'All-rounder']);
      const bowls = role === 'Bowler' || role === 'All-rounder' || rnd() < 0.2;
      return {
        teamId: team!.id,
        userId: p.id,
        playerName: fullName({ first_name: p.firstName, last_name: p.lastName }, null),
        playerRole: optionId('player_role', role),
        battingStyle: optionId('batting_style', rnd() < 0.75 ? 'Right-hand bat' : 'Left-hand bat'),
        bowlingStyle: bowls ? pick(bowlingStyles).id : optionId('bowling_style', 'Does not bowl'),
        jerseyNumber: numbers[i] ?? null,
        isCaptain: i === 0,
        isWicketKeeper: i === keeper,
        createdAt: created,
      };
    });
    await db.insert(teamPlayers).values(rows);
  }
}
