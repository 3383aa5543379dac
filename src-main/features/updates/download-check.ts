// The last check before an update may install: every file the downloader wrote must hash (sha512) to a file the
// signed feed names, at its size. A file that does not (changed on the mirror, cut short in transit) is deleted and
// the download refused, whatever the downloader itself concluded.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FeedFile } from './feed-document';
import { UpdateError } from './updates.ports';

async function sha512Of(path: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** Resolves when every downloaded file is one the feed names; otherwise deletes them all and throws. */
export async function checkDownloadedFiles(paths: readonly string[], signed: readonly FeedFile[]): Promise<void> {
  // Differential downloads' block maps are not installed: only the files the feed lists are.
  const installable = paths.filter((path) => !path.endsWith('.blockmap'));
  try {
    // Details are names and numbers only: the sentence the user reads is the renderer's, in their language.
    if (installable.length === 0) throw new UpdateError('signature');
    for (const path of installable) {
      const [digest, info] = await Promise.all([sha512Of(path), stat(path)]);
      const match = signed.find((file) => file.sha512 === digest);
      if (!match) throw new UpdateError('signature', `${basename(path)}: sha512 ${digest.slice(0, 12)}…`);
      if (match.sizeBytes !== null && match.sizeBytes !== info.size) {
        throw new UpdateError('signature', `${basename(path)}: ${info.size} ≠ ${match.sizeBytes}`);
      }
    }
  } catch (error) {
    await Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => undefined)));
    if (error instanceof UpdateError) throw error;
    throw new UpdateError('signature', String(error).slice(0, 200));
  }
}
