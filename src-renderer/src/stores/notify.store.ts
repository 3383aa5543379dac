// Notify store: the site's own quota warning of one account (what the site holds, without a secret) and writing
// Keydesk's low-balance threshold there. A destination the user types goes to main once and is never kept here.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError, SiteNotifyView, SiteNotifyWrite } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useNotifyStore = defineStore('notify', () => {
  /** The account the view is of; a view of another account is never shown. */
  const accountId = ref<string | null>(null);
  const view = shallowRef<SiteNotifyView | null>(null);
  const readError = shallowRef<AppError | null>(null);
  const writeError = shallowRef<AppError | null>(null);
  const isReading = ref(false);
  const isWriting = ref(false);
  /** Set when the last write went through, for the "written" note. */
  const writtenAt = ref<number | null>(null);

  async function read(id: string): Promise<void> {
    if (accountId.value !== id) {
      view.value = null;
      writeError.value = null;
      writtenAt.value = null;
    }
    accountId.value = id;
    isReading.value = true;
    const r = await keydesk.notify.read({ accountId: id });
    isReading.value = false;
    if (accountId.value !== id) return;
    readError.value = r.ok ? null : r.error;
    if (r.ok) view.value = r.value;
  }

  async function write(args: SiteNotifyWrite): Promise<boolean> {
    isWriting.value = true;
    writeError.value = null;
    const r = await keydesk.notify.write(args);
    isWriting.value = false;
    if (accountId.value !== args.accountId) return r.ok;
    if (r.ok) {
      view.value = r.value;
      writtenAt.value = Date.now();
    } else {
      writeError.value = r.error;
    }
    return r.ok;
  }

  return { accountId, view, readError, writeError, isReading, isWriting, writtenAt, read, write };
});
