// "Use this key in…": previews what a target will receive with the key masked, and on send assembles the real text
// in main and hands it to the OS — a deep link to the link opener, a snippet to the clipboard (cleared after a
// delay) or to a 0600 file. The full key is read from the gateway here and never returned to the renderer. Every
// hand-off that went is recorded (no secret), and a recorded one can be repeated with another key (a rotation).
import {
  fail,
  ok,
  type HandoffPreview,
  type HandoffRecordView,
  type HandoffSendOutcome,
  type HandoffTarget,
  type HandoffVia,
  type KeyView,
  type Result,
} from '../../../src-shared/contract';
import { NoAppForLinkError, type ExternalLinkPort, type SecretFileSinkPort } from '../../platform/ports';
import type { ClipboardGuard } from '../keys/clipboard-guard';
import { toAppError } from '../../errors';
import type { Logger } from '../../log/logger';
import { isUnchanged, type HandedFiles } from './handoff-files';
import { toRecordView, type HandoffRecord, type HandoffRecords } from './handoff-records';
import {
  HANDOFF_LINK_SCHEMES,
  anthropicBase,
  buildHandoff,
  maskKey,
  openaiBase,
  type BuiltHandoff,
  type HandoffInput,
} from './targets';

/** What the feature reads, narrowed to what it needs (accounts, keys and key secrets implement it in app.ts). */
export interface HandoffSources {
  /** Throws AppErrorException not_found for an unknown account. */
  account(accountId: string): { readonly label: string; readonly baseUrl: string; readonly apiUrl: string };
  key(accountId: string, id: number): Promise<Result<KeyView>>;
  fullKey(accountId: string, id: number): Promise<Result<string>>;
  /** GET /v1/models with the key: the model ids it can call now. */
  models(accountId: string, apiKey: string): Promise<Result<readonly string[]>>;
}

export interface HandoffSinks {
  readonly clipboard: ClipboardGuard;
  readonly files: SecretFileSinkPort;
  readonly links: ExternalLinkPort;
  /** The save dialog's title, in the user's language. */
  readonly fileDialogTitle: () => string;
}

const isClaude = (model: string): boolean => /claude/i.test(model);

/** What the key can call, as far as anyone can tell: model limits when set, else the gateway's /v1/models. */
interface KeyModels {
  readonly servesClaude: boolean | null;
  readonly openaiModel: string | null;
  readonly claudeModel: string | null;
}

export function modelsOf(ids: readonly string[] | null): KeyModels {
  if (ids === null) return { servesClaude: null, openaiModel: null, claudeModel: null };
  const claude = ids.filter(isClaude);
  const others = ids.filter((m) => !isClaude(m));
  return {
    servesClaude: claude.length > 0,
    openaiModel: others[0] ?? claude[0] ?? null,
    claudeModel: claude[0] ?? null,
  };
}

/**
 * How long main keeps a key it read for a handoff: a preview, a change of target and the send reuse one reveal.
 * Reveals count against the site's small critical rate limit (20 per 20 minutes on new-api), so reading the key
 * again for every step would lock the user out of reveal for a while. Kept in main's memory only.
 */
export const HANDOFF_KEY_TTL_MS = 5 * 60_000;

interface KnownKey {
  readonly key: KeyView;
  readonly fullKey: string;
  readonly models: KeyModels;
  readonly expiresAt: number;
}

/** Where hand-offs are recorded, and how the files they wrote are found again. */
export interface HandoffLedger {
  readonly records: HandoffRecords;
  readonly files: HandedFiles;
}

/** Why a repeated hand-off waits for the user: the file changed or is gone, or no link opener here. */
export type RepeatNote = 'file_changed' | 'file_missing' | 'no_link_opener' | 'agent_reads_again';

/** A hand-off repeated with another key: done (its new record), or waiting for the user and why. */
export type RepeatOutcome =
  | { readonly state: 'done'; readonly record: HandoffRecordView | null }
  | { readonly state: 'needs_you'; readonly note: RepeatNote };

/** Same group and model limits: what the key can call has not changed since it was read. */
const sameReach = (a: KeyView, b: KeyView): boolean =>
  a.group === b.group &&
  a.modelLimitsEnabled === b.modelLimitsEnabled &&
  a.modelLimits.join('\n') === b.modelLimits.join('\n');

export class HandoffService {
  readonly #known = new Map<string, KnownKey>();

  constructor(
    private readonly sources: HandoffSources,
    private readonly sinks: HandoffSinks,
    private readonly log: Logger | undefined,
    private readonly now: () => number,
    private readonly ledger?: HandoffLedger,
  ) {}

  /** Where the key was handed, newest first. */
  records(accountId: string, keyId: number): HandoffRecordView[] {
    return (this.ledger?.records.forKey(accountId, keyId) ?? []).map(toRecordView);
  }

  /**
   * Repeats a recorded hand-off with `keyId` (a rotated key's twin): a link is sent again, a file Keydesk wrote is
   * rewritten in place while it stands as Keydesk left it, a snippet copied before is copied again. `via` asks for
   * another way (a changed file's snippet saved as a new file instead).
   */
  async repeat(recordId: string, keyId: number, via?: HandoffVia): Promise<Result<RepeatOutcome>> {
    const record = this.ledger?.records.get(recordId);
    if (!record) return fail({ code: 'not_found' });
    // An agent's read: nothing to send, the agent reads the twin itself.
    if (record.target === 'agent' || record.via === 'reveal')
      return ok({ state: 'needs_you', note: 'agent_reads_again' });
    const way = via ?? record.via;
    if (way === 'open' && !this.sinks.links.isAvailable) return ok({ state: 'needs_you', note: 'no_link_opener' });
    if (way === 'file' && via === undefined && record.path !== null && record.file !== null) {
      return this.rewrite(record, keyId);
    }
    const sent = await this.send(record.accountId, keyId, record.target, record.document, way);
    if (!sent.ok) return sent;
    return ok({ state: 'done', record: this.records(record.accountId, keyId)[0] ?? null });
  }

  /** The file Keydesk wrote, rewritten with the key, only while it stands as it was left. */
  private async rewrite(record: HandoffRecord, keyId: number): Promise<Result<RepeatOutcome>> {
    const { files, records } = this.ledger ?? {};
    if (!files || !records || record.path === null || record.file === null || record.target === 'agent') {
      return fail({ code: 'internal' });
    }
    try {
      const stamp = await files.stamp(record.path);
      if (stamp === null) return ok({ state: 'needs_you', note: 'file_missing' });
      if (!isUnchanged(stamp, record.file)) return ok({ state: 'needs_you', note: 'file_changed' });
      const built = await this.build(record.accountId, keyId, record.target, true);
      if (!built.ok) return built;
      const doc = built.value.real?.documents[record.document];
      if (doc === undefined) return fail({ code: 'internal' });
      const written = await files.rewrite(record.path, doc.text);
      const added = records.add({
        accountId: record.accountId,
        keyId,
        target: record.target,
        document: record.document,
        via: 'file',
        place: doc.place,
        path: record.path,
        file: written,
      });
      return ok({ state: 'done', record: toRecordView(added) });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.log, 'handoff rewrite failed') };
    }
  }

  /** Forgets every key read for a handoff (on quit). */
  dispose(): void {
    this.#known.clear();
  }

  async preview(accountId: string, id: number, target: HandoffTarget): Promise<Result<HandoffPreview>> {
    try {
      const built = await this.build(accountId, id, target);
      if (!built.ok) return built;
      const { input, masked } = built.value;
      return ok({
        target,
        kind: masked.kind,
        documents: masked.documents.map((d) => ({
          place: d.place,
          fileName: d.fileName,
          maskedText: d.text,
          maskedDetail: d.detail,
        })),
        maskedKey: input.apiKey,
        openaiBaseUrl: openaiBase(input.apiUrl),
        anthropicBaseUrl: anthropicBase(input.apiUrl),
        servesClaude: input.servesClaude,
        vias: this.vias(masked),
      });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.log, 'handoff preview failed') };
    }
  }

  async send(
    accountId: string,
    id: number,
    target: HandoffTarget,
    document: number,
    via: HandoffVia,
  ): Promise<Result<HandoffSendOutcome>> {
    try {
      const { clipboard, files, links } = this.sinks;
      // Refused before the key is read: nothing secret is fetched for a way that cannot work here.
      if (via === 'clipboard' && !clipboard.isAvailable) {
        return fail({ code: 'unavailable', reason: 'mode.no_clipboard' });
      }
      if (via === 'open' && !links.isAvailable) {
        return fail({ code: 'unavailable', reason: 'mode.no_link_opener' });
      }
      const built = await this.build(accountId, id, target, true);
      if (!built.ok) return built;
      const real = built.value.real;
      if (real === null) return fail({ code: 'internal' });
      const doc = real.documents[document];
      if (doc === undefined) return fail({ code: 'validation', reason: 'input.invalid', field: 'document' });
      if (via === 'open') {
        if (real.kind !== 'link' || !HANDOFF_LINK_SCHEMES.some((s) => doc.text.startsWith(s))) {
          return fail({ code: 'validation', reason: 'input.invalid', field: 'via' });
        }
        try {
          await links.open(doc.text);
        } catch (error) {
          if (!(error instanceof NoAppForLinkError)) throw error;
          return fail(error.toAppError());
        }
        await this.note(accountId, id, target, document, via, doc.place, null);
        return ok({ via, clearAt: null, path: null });
      }
      if (via === 'clipboard') {
        const clearAt = await clipboard.copy(doc.text);
        await this.note(accountId, id, target, document, via, doc.place, null);
        return ok({ via, clearAt, path: null });
      }
      const path = await files.save(doc.fileName, doc.text, this.sinks.fileDialogTitle());
      if (path !== null) await this.note(accountId, id, target, document, via, doc.place, path);
      return ok({ via, clearAt: null, path });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.log, 'handoff send failed') };
    }
  }

  /** Records a hand-off that went (a file with how it stood once written); the record holds no secret. */
  private async note(
    accountId: string,
    keyId: number,
    target: HandoffTarget,
    document: number,
    via: HandoffVia,
    place: string,
    path: string | null,
  ): Promise<void> {
    if (!this.ledger) return;
    const file = path === null ? null : await this.ledger.files.stamp(path);
    this.ledger.records.add({ accountId, keyId, target, document, via, place, path, file });
  }

  private vias(built: BuiltHandoff): HandoffVia[] {
    const vias: HandoffVia[] = [];
    if (built.kind === 'link' && this.sinks.links.isAvailable) vias.push('open');
    if (this.sinks.clipboard.isAvailable) vias.push('clipboard');
    if (built.kind === 'snippet') vias.push('file');
    return vias;
  }

  /** The masked build always; the real one only when sending (the full key lives in this call's scope only). */
  private async build(
    accountId: string,
    id: number,
    target: HandoffTarget,
    withKey = false,
  ): Promise<Result<{ input: HandoffInput; masked: BuiltHandoff; real: BuiltHandoff | null }>> {
    const account = this.sources.account(accountId);
    const known = await this.known(accountId, id);
    if (!known.ok) return known;
    const { fullKey, models } = known.value;
    const base = {
      accountId,
      siteUrl: account.baseUrl,
      apiUrl: account.apiUrl.replace(/\/+$/, ''),
      name: account.label,
      ...models,
    };
    const input: HandoffInput = { ...base, apiKey: maskKey(fullKey) };
    return ok({
      input,
      masked: buildHandoff(target, input),
      real: withKey ? buildHandoff(target, { ...base, apiKey: fullKey }) : null,
    });
  }

  /**
   * The key (read fresh: a deleted key is refused at once), its full value and what it can call: from the last few
   * minutes' reveal while its group and model limits are unchanged, or read now.
   */
  private async known(accountId: string, id: number): Promise<Result<KnownKey>> {
    const ref = `${accountId}\u0000${id}`;
    const now = this.now();
    for (const [k, v] of this.#known) if (v.expiresAt <= now) this.#known.delete(k);
    const key = await this.sources.key(accountId, id);
    if (!key.ok) {
      this.#known.delete(ref);
      return key;
    }
    const cached = this.#known.get(ref);
    if (cached && sameReach(cached.key, key.value)) return ok({ ...cached, key: key.value });
    const full = await this.sources.fullKey(accountId, id);
    if (!full.ok) return full;
    const models = await this.keyModels(accountId, key.value, full.value);
    const known = { key: key.value, fullKey: full.value, models, expiresAt: now + HANDOFF_KEY_TTL_MS };
    this.#known.set(ref, known);
    return ok(known);
  }

  private async keyModels(accountId: string, key: KeyView, fullKey: string): Promise<KeyModels> {
    if (key.modelLimitsEnabled && key.modelLimits.length > 0) return modelsOf(key.modelLimits);
    const listed = await this.sources.models(accountId, fullKey);
    return modelsOf(listed.ok ? listed.value : null);
  }
}
