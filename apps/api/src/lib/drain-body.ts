import type { IncomingMessage } from 'node:http';

/**
 * Reads and drops what is left of a request's body, at most `maxBytes` of it, and answers
 * whether the body ended within them. A server that answers while the client is still sending
 * and then closes the connection makes the kernel reset it, and a client still writing (Node's
 * fetch) loses the answer; a body read to its end lets every client read it.
 */
export function drainBody(raw: IncomingMessage, maxBytes: number): Promise<boolean> {
  // Whatever was parsing the body (a multipart parser) gets no more of it.
  raw.unpipe();
  if (raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let left = maxBytes;
    const finish = (ended: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!ended) raw.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    raw.resume();
  });
}
