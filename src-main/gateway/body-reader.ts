// The one way a gateway answer's body is read: streamed, counted after decompression, and abandoned past a cap,
// so a huge answer or a small gzip that inflates to gigabytes costs a few MB of memory, not all of it.
import { GatewayError } from './errors';

/** Far above any real management or key answer (a full page of keys is tens of KB). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Reads the body as UTF-8 text, or throws a `protocol` GatewayError once more than `capBytes` have arrived.
 * The stream is cancelled at that point, which stops the download and the decompression behind it.
 */
export async function readBodyText(res: Response, capBytes: number = MAX_BODY_BYTES): Promise<string> {
  if (res.body === null) return '';
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > capBytes && res.headers.get('content-encoding') === null) {
    await res.body.cancel().catch(() => undefined);
    throw tooLarge(capBytes);
  }
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > capBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(capBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const tooLarge = (capBytes: number): GatewayError =>
  new GatewayError('protocol', '', {
    reason: 'protocol.too_large',
    params: { megabytes: Math.round(capBytes / (1024 * 1024)) },
  });
