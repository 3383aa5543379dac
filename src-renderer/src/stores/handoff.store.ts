// Handoff store ("Use this key in…"): which key and target the dialog shows, main's masked preview, and the outcome
// of the last send. It never holds a full key: main assembles the real text and hands it to the OS itself.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type {
  AppError,
  HandoffPreview,
  HandoffSendOutcome,
  HandoffTarget,
  HandoffVia,
  KeyView,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useHandoffStore = defineStore('handoff', () => {
  const key = shallowRef<Pick<KeyView, 'accountId' | 'id' | 'name'> | null>(null);
  const target = ref<HandoffTarget>('cherry-studio');
  const preview = shallowRef<HandoffPreview | null>(null);
  const error = shallowRef<AppError | null>(null);
  const isLoading = ref(false);
  const sending = ref<string | null>(null);
  const outcome = shallowRef<HandoffSendOutcome | null>(null);

  async function load(): Promise<void> {
    const k = key.value;
    if (!k) return;
    const asked = target.value;
    isLoading.value = true;
    error.value = null;
    outcome.value = null;
    preview.value = null;
    const r = await keydesk.handoff.preview({ accountId: k.accountId, id: k.id, target: asked });
    // A newer choice of key or target wins over an answer to an older one.
    if (key.value !== k || target.value !== asked) return;
    isLoading.value = false;
    if (r.ok) preview.value = r.value;
    else error.value = r.error;
  }

  async function open(item: KeyView): Promise<void> {
    key.value = { accountId: item.accountId, id: item.id, name: item.name };
    await load();
  }

  async function choose(next: HandoffTarget): Promise<void> {
    target.value = next;
    await load();
  }

  async function send(document: number, via: HandoffVia): Promise<void> {
    const k = key.value;
    if (!k) return;
    sending.value = `${document}:${via}`;
    error.value = null;
    outcome.value = null;
    const r = await keydesk.handoff.send({ accountId: k.accountId, id: k.id, target: target.value, document, via });
    sending.value = null;
    if (r.ok) outcome.value = r.value;
    else error.value = r.error;
  }

  function close(): void {
    key.value = null;
    preview.value = null;
    error.value = null;
    outcome.value = null;
  }

  return { key, target, preview, error, isLoading, sending, outcome, open, choose, send, close };
});
