// HTTP requests sent from a chosen loopback address (127.0.0.2, 127.0.0.3…: on Linux all of 127.0.0.0/8 is the
// loopback): the gateway emulator sees that address as the TCP peer, exactly as a real server sees a client with no
// proxy in front, and no header has to be trusted. For per-key IP limits.
import { request as httpRequest } from 'node:http';

export interface AddressedReply {
  readonly status: number;
  readonly text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  readonly json: unknown;
}

/** A GET of `url` with `Authorization: Bearer <token>`, its socket bound to `localAddress`. */
export function getFrom(localAddress: string, url: string, token: string): Promise<AddressedReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text) as unknown;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
