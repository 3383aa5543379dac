// Reads the `latest*.yml` file electron-builder publishes beside each release (version, files with size and
// sha512, date, notes, the rollout's stagingPercentage) into what the updater needs, refusing anything that does not
// have that shape. Parsed with `yaml` and aliases refused: electron-builder never writes one (it serialises with
// noRefs), and a file of a few KB repeating one alias would otherwise expand into hundreds of MB before any check.
import { parseDocument } from 'yaml';
import { z } from 'zod';
import type { UpdateFailureWhy } from '../../../src-shared/contract';
import { parseVersion, type SemVer } from './version';

/** Release notes longer than this are cut (they are shown in a small panel; the full text is on the site). */
export const MAX_NOTES_CHARS = 20_000;

/** A feed file is a few hundred bytes; notes make it a few KB. The HTTP read refuses more before parsing. */
export const MAX_FEED_BYTES = 256 * 1024;
const TOO_LARGE: UpdateFailureWhy = { reason: 'feed_too_large', params: { bytes: MAX_FEED_BYTES } };

const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

const fileSchema = z.object({
  url: z.string().min(1).max(1000),
  sha512: z.string().regex(SHA512_BASE64),
  size: z.number().int().nonnegative().optional(),
});

const noteEntrySchema = z.object({
  version: z.string().max(100).optional(),
  note: z.string().max(MAX_FEED_BYTES).nullable().optional(),
});

const documentSchema = z.object({
  version: z.union([z.string(), z.number()]).transform(String),
  files: z.array(fileSchema).min(1).max(50).optional(),
  // Older feeds name one file at the top level instead of a list.
  path: z.string().min(1).max(1000).optional(),
  sha512: z.string().regex(SHA512_BASE64).optional(),
  releaseDate: z.union([z.string(), z.date()]).optional(),
  releaseNotes: z.union([z.string().max(MAX_FEED_BYTES), z.array(noteEntrySchema).max(200), z.null()]).optional(),
  // Set by the release workflow for a staged rollout (electron-updater's field): the share of installs offered it.
  stagingPercentage: z.number().min(0).max(100).optional(),
});

export interface FeedFile {
  readonly url: string;
  /** base64, as electron-builder writes it; what the downloaded file must hash to. */
  readonly sha512: string;
  readonly sizeBytes: number | null;
}

export interface FeedRelease {
  readonly version: string;
  readonly semver: SemVer;
  readonly files: readonly FeedFile[];
  readonly releaseDate: string | null;
  readonly notes: string | null;
  /** null: offered to every install. */
  readonly stagingPercentage: number | null;
}

/** A feed refused: its message (English) goes to the log; `why` is what the user is told, `detail` raw words only. */
export class FeedDocumentError extends Error {
  override readonly name = 'FeedDocumentError';
  constructor(
    message: string,
    readonly why: UpdateFailureWhy,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** GitHub hands release notes over as HTML: keep the words and the line breaks, drop every tag. */
export function plainNotes(text: string): string {
  return text
    .replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/div)\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function notesOf(raw: z.infer<typeof documentSchema>['releaseNotes']): string | null {
  if (raw === undefined || raw === null) return null;
  const text =
    typeof raw === 'string'
      ? plainNotes(raw)
      : raw
          .map((entry) => [entry.version, entry.note ? plainNotes(entry.note) : ''].filter(Boolean).join('\n'))
          .filter(Boolean)
          .join('\n\n');
  if (text.length === 0) return null;
  return text.length > MAX_NOTES_CHARS ? `${text.slice(0, MAX_NOTES_CHARS)}…` : text;
}

/** The feed's text: UTF-8 and nothing else (a signed file is compared byte for byte, never re-decoded loosely). */
export function feedText(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_FEED_BYTES) throw new FeedDocumentError(`over ${MAX_FEED_BYTES} bytes`, TOO_LARGE);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FeedDocumentError('not UTF-8 text', { reason: 'feed_not_text' });
  }
}

export function parseFeedDocument(text: string): FeedRelease {
  if (text.length > MAX_FEED_BYTES) throw new FeedDocumentError(`over ${MAX_FEED_BYTES} characters`, TOO_LARGE);
  let raw: unknown;
  try {
    // The core schema: plain data only, no custom tags; no aliases at all; a key given twice is an error.
    const document = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
    // A warning (an unknown tag such as !!js/function) is refused too: electron-builder writes plain data.
    const problem = document.errors[0] ?? document.warnings[0];
    if (problem) throw problem;
    raw = document.toJS({ maxAliasCount: 0 });
  } catch (error) {
    const words = error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'parse error';
    throw new FeedDocumentError(`not YAML: ${words}`, { reason: 'feed_not_yaml' }, words.slice(0, 300));
  }
  const parsed = documentSchema.safeParse(raw);
  if (!parsed.success) {
    const field = (parsed.error.issues[0]?.path.join('.') ?? '').slice(0, 80);
    throw new FeedDocumentError(`unexpected shape at ${field}`, { reason: 'feed_shape', params: { field } });
  }
  const document = parsed.data;
  const semver = parseVersion(document.version);
  if (!semver) {
    const version = document.version.slice(0, 40);
    throw new FeedDocumentError(`not a version: ${version}`, { reason: 'feed_not_version', params: { version } });
  }
  const files: FeedFile[] = document.files
    ? document.files.map((file) => ({ url: file.url, sha512: file.sha512, sizeBytes: file.size ?? null }))
    : document.path && document.sha512
      ? [{ url: document.path, sha512: document.sha512, sizeBytes: null }]
      : [];
  if (files.length === 0) throw new FeedDocumentError('names no file to download', { reason: 'feed_no_file' });
  const date = document.releaseDate;
  return {
    version: document.version,
    semver,
    files,
    releaseDate: date === undefined ? null : date instanceof Date ? date.toISOString() : date.slice(0, 40),
    notes: notesOf(document.releaseNotes),
    stagingPercentage: document.stagingPercentage ?? null,
  };
}
