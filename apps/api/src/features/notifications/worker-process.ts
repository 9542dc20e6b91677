/**
 * A delivery worker alone in its own process, on a PostgreSQL database: the
 * delivery-concurrency test kills it with SIGKILL mid-batch, and the fan-out bench runs several.
 * Arguments:
 * `<databaseUrl> <smtpUrl> [leaseMs]`. Sends 'ready' over IPC once its loop runs.
 */
import { openPostgres } from '../../db/client';
import { createMailTransport } from '../../lib/mail';
import { emailTransport } from '../../lib/channel-transports';
import { createDeliveryWorker } from './worker';

const [databaseUrl, smtpUrl, leaseMs] = process.argv.slice(2);
if (!databaseUrl || !smtpUrl)
  throw new Error('usage: worker-process <databaseUrl> <smtpUrl> [leaseMs]');
const mailFrom = 'Cricket <no-reply@worker.test>';
const database = openPostgres(databaseUrl, 4);
const mail = createMailTransport({ smtpUrl, mailFrom, maxConnections: 8 })!;
const worker = createDeliveryWorker({
  db: database.db,
  transports: { email: emailTransport(mail, mailFrom), sms: null, push: null, whatsapp: null },
  settings: { leaseMs: Number(leaseMs ?? 60_000), pollMs: 20, batchSize: 100, concurrency: 8 },
  log: console,
});
worker.start();
process.send?.('ready');
const stop = () => {
  void worker
    .stop()
    .then(() => mail.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
