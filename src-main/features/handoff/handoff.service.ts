// "Use this key in…": previews what a target will receive with the key masked, and on send assembles the real text
// in main and hands it to the OS — a deep link to the link opener, a snippet to the clipboard (cleared after a
// delay) or to a 0600 file. The full key is read from the gateway here and never returned to the renderer.
import {
  fail,
  ok,
  type HandoffPreview,
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
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

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
          return fail({
            code: 'unavailable',
            reason: 'handoff.no_app',
            params: { scheme: new URL(doc.text).protocol },
          });
        }
        return ok({ via, clearAt: null, path: null });
      }
      if (via === 'clipboard') return ok({ via, clearAt: await clipboard.copy(doc.text), path: null });
      const path = await files.save(doc.fileName, doc.text, this.sinks.fileDialogTitle());
      return ok({ via, clearAt: null, path });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.log, 'handoff send failed') };
    }
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
