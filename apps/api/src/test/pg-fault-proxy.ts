import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server that fails connections at chosen moments of the
 * wire protocol, so a test can lose a transaction's COMMIT or its answer the way a crash or a
 * network cut does, deterministically. Connections pass through untouched until armed.
 */
export interface PgFaultProxy {
  /** The database URL to hand the app: the target's, through the proxy. */
  url: string;
  /**
   * The next COMMIT reaches the server and is carried out, and its connection dies before the
   * answer gets back: the client cannot know the transaction committed.
   */
  loseNextCommitAnswer(): void;
  /**
   * The next COMMIT never reaches the server: the connection dies and the server rolls back.
   * With `thenDown`, the server goes down at that moment (see setDown).
   */
  dropNextCommit(opts?: { thenDown?: boolean }): void;
  /** Down cuts every open connection and every new one, as if the server were stopped. */
  setDown(down: boolean): void;
  /** How many connections were cut at a COMMIT so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

type Fault = 'lose-answer' | 'drop' | 'drop-then-down' | null;

/** The text of a simple-protocol Query ('Q') message, or null for any other message. */
function queryText(message: Buffer): string | null {
  if (message[0] !== 0x51) return null;
  return message.subarray(5, message.length - 1).toString('utf8');
}

export async function startPgFaultProxy(targetUrl: string): Promise<PgFaultProxy> {
  const target = new URL(targetUrl);
  let fault: Fault = null;
  let down = false;
  let cuts = 0;
  const sockets = new Set<net.Socket>();

  const goDown = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());

    let pending = Buffer.alloc(0);
    let startup = true;
    let awaitingCommitAnswer = false;
    const cut = () => {
      cuts += 1;
      client.destroy();
      upstream.destroy();
    };

    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Split into whole messages: the startup message has no type byte, the rest have one.
      const forward: Buffer[] = [];
      for (;;) {
        const header = startup ? 0 : 1;
        if (pending.length < header + 4) break;
        const size = header + pending.readInt32BE(header);
        if (pending.length < size) break;
        const message = pending.subarray(0, size);
        pending = pending.subarray(size);
        startup = false;
        const text = queryText(message);
        if (fault && text !== null && /^\s*commit\s*;?\s*$/i.test(text)) {
          const armed = fault;
          fault = null;
          if (armed !== 'lose-answer') {
            if (forward.length) upstream.write(Buffer.concat(forward));
            cut();
            if (armed === 'drop-then-down') goDown();
            return;
          }
          awaitingCommitAnswer = true;
        }
        forward.push(message);
      }
      if (forward.length) upstream.write(Buffer.concat(forward));
    });
    upstream.on('data', (chunk: Buffer) => {
      // The server answered the COMMIT: it is done. The client never hears so.
      if (awaitingCommitAnswer) return cut();
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(targetUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);

  return {
    url: proxied.toString(),
    loseNextCommitAnswer: () => void (fault = 'lose-answer'),
    dropNextCommit: ({ thenDown = false } = {}) =>
      void (fault = thenDown ? 'drop-then-down' : 'drop'),
    setDown: (value) => (value ? goDown() : void (down = false)),
    get cuts() {
      return cuts;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
