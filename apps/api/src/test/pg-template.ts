import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { onServer, prepareTestDatabase } from './database';

/**
 * Global setup of the PostgreSQL test project: one database migrated and seeded as every test
 * file's starts, which each file then copies with CREATE DATABASE … TEMPLATE (a file copy on
 * the server) instead of running every migration and the seed again.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('the api-pg project needs TEST_DATABASE_URL');
  const name = `test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  await prepareTestDatabase(database);
  // A template must have no connections while it is copied.
  await database.close();
  project.provide('pgTemplate', name);
  return () => onServer(server, `drop database if exists ${name} with (force)`);
}
