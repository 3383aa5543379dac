// The local channel's wire rules: newline-delimited frames cut wherever the socket cuts them, each bounded (a line
// past the bound ends the reading before it is whole), and the two proofs bound to both nonces and to which end
// made them, so neither can stand for the other or for another connection.
import { describe, expect, it } from 'vitest';
import {
  clientProof,
  lineReader,
  newNonce,
  parseFrame,
  sameHex,
  serverProof,
  helloSchema,
} from '../../../../../src-main/features/channel/channel-protocol';

function read(maxBytes: number, chunks: readonly string[]) {
  const lines: string[] = [];
  let tooLong = 0;
  const feed = lineReader(
    maxBytes,
    (line) => lines.push(line),
    () => (tooLong += 1),
  );
  for (const chunk of chunks) feed(Buffer.from(chunk, 'utf8'));
  return { lines, tooLong };
}

describe('lineReader', () => {
  it('gives whole lines however the chunks fall, several per chunk or one across many', () => {
    expect(read(100, ['{"a":1}\n{"b"', ':2}\n', '{"c":', '3', '}\n']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    // A character cut between chunks is whole in its line.
    const bytes = Buffer.from('“引号”\n', 'utf8');
    const lines: string[] = [];
    const feed = lineReader(
      100,
      (line) => lines.push(line),
      () => undefined,
    );
    feed(bytes.subarray(0, 2));
    feed(bytes.subarray(2));
    expect(lines).toEqual(['“引号”']);
  });

  it('stops at a line past the bound, before it is whole, and reads nothing after it', () => {
    expect(read(8, ['12345678\n', '123456789', '\n{"late":1}\n'])).toEqual({ lines: ['12345678'], tooLong: 1 });
    expect(read(8, ['1234', '56789'])).toEqual({ lines: [], tooLong: 1 });
  });
});

describe('the proofs', () => {
  it('differ by end, by either nonce and by token; compared in constant time as 64 hex digits only', () => {
    const token = newNonce();
    const [c, s] = [newNonce(), newNonce()];
    const server = serverProof(token, c, s);
    expect(clientProof(token, c, s)).not.toBe(server);
    expect(serverProof(token, newNonce(), s)).not.toBe(server);
    expect(serverProof(token, c, newNonce())).not.toBe(server);
    expect(serverProof(newNonce(), c, s)).not.toBe(server);
    expect(sameHex(server, serverProof(token, c, s))).toBe(true);
    expect(sameHex(server, server.toUpperCase())).toBe(false);
    expect(sameHex(server.slice(1), server.slice(1))).toBe(false);
  });

  it('takes a frame only when it is JSON of the expected shape, nothing more', () => {
    const nonce = newNonce();
    expect(parseFrame(JSON.stringify({ type: 'hello', version: 1, nonce }), helloSchema)).toEqual({
      type: 'hello',
      version: 1,
      nonce,
    });
    expect(parseFrame(JSON.stringify({ type: 'hello', version: 1, nonce, extra: 1 }), helloSchema)).toBeNull();
    expect(parseFrame('{"type":"hello"', helloSchema)).toBeNull();
  });
});
