// Reads the `latest*.yml` file electron-builder publishes beside each release (version, files with size and
// sha512, date, notes) into what the updater needs, refusing anything that does not have that shape.
import { load } from 'js-yaml';
import { z } from 'zod';
import { parseVersion, type SemVer } from './version';

/** Release notes longer than this are cut (they are shown in a small panel; the full text is on the site). */
export const MAX_NOTES_CHARS = 20_000;

const fileSchema = z.object({
  url: z.string().min(1).max(1000),
  sha512: z.string().min(1).max(200),
  size: z.number().int().nonnegative().optional(),
});

const noteEntrySchema = z.object({ version: z.string().max(100).optional(), note: z.string().nullable().optional() });

const documentSchema = z.object({
  version: z.union([z.string(), z.number()]).transform(String),
  files: z.array(fileSchema).min(1).max(50).optional(),
  // Older feeds name one file at the top level instead of a list.
  path: z.string().min(1).max(1000).optional(),
  sha512: z.string().min(1).max(200).optional(),
  releaseDate: z.union([z.string(), z.date()]).optional(),
  releaseNotes: z.union([z.string(), z.array(noteEntrySchema), z.null()]).optional(),
});

export interface FeedFile {
  readonly url: string;
  readonly sizeBytes: number | null;
}

export interface FeedRelease {
  readonly version: string;
  readonly semver: SemVer;
  readonly files: readonly FeedFile[];
  readonly releaseDate: string | null;
  readonly notes: string | null;
}

export class FeedDocumentError extends Error {
  override readonly name = 'FeedDocumentError';
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

export function parseFeedDocument(text: string): FeedRelease {
  let raw: unknown;
  try {
    // js-yaml 4's load uses the safe schema: plain data only, no custom types or code.
    raw = load(text, { json: true });
  } catch (error) {
    throw new FeedDocumentError(`not YAML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}`);
  }
  const parsed = documentSchema.safeParse(raw);
  if (!parsed.success) throw new FeedDocumentError(`unexpected shape at ${parsed.error.issues[0]?.path.join('.')}`);
  const document = parsed.data;
  const semver = parseVersion(document.version);
  if (!semver) throw new FeedDocumentError(`not a version: ${document.version.slice(0, 40)}`);
  const files: FeedFile[] = document.files
    ? document.files.map((file) => ({ url: file.url, sizeBytes: file.size ?? null }))
    : document.path && document.sha512
      ? [{ url: document.path, sizeBytes: null }]
      : [];
  if (files.length === 0) throw new FeedDocumentError('names no file to download');
  const date = document.releaseDate;
  return {
    version: document.version,
    semver,
    files,
    releaseDate: date === undefined ? null : date instanceof Date ? date.toISOString() : date.slice(0, 40),
    notes: notesOf(document.releaseNotes),
  };
}
