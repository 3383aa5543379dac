// Exports store: the files Keydesk wrote with full keys in them, as main lists them (paths, times, sizes, whether
// each is still what Keydesk wrote), and deleting or forgetting one. DTOs only: no file's contents ever come here.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError, ExportedFileView, Result } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useExportsStore = defineStore('exports', () => {
  const files = shallowRef<readonly ExportedFileView[]>([]);
  const isLoaded = ref(false);
  const loadError = shallowRef<AppError | null>(null);
  /** The last failed delete or forget, with the file it was about. */
  const actionError = shallowRef<{ readonly id: string; readonly error: AppError } | null>(null);
  const busyId = ref<string | null>(null);

  const accept = (r: Result<readonly ExportedFileView[]>): boolean => {
    if (r.ok) {
      files.value = r.value;
      isLoaded.value = true;
    }
    return r.ok;
  };

  async function load(): Promise<void> {
    const r = await keydesk.exports.list();
    loadError.value = r.ok ? null : r.error;
    accept(r);
  }

  async function act(id: string, run: () => Promise<Result<readonly ExportedFileView[]>>): Promise<boolean> {
    busyId.value = id;
    actionError.value = null;
    const r = await run();
    busyId.value = null;
    if (!r.ok) actionError.value = { id, error: r.error };
    return accept(r);
  }

  const remove = (id: string) => act(id, () => keydesk.exports.delete({ id }));
  const forget = (id: string) => act(id, () => keydesk.exports.forget({ id }));

  return { files, isLoaded, loadError, actionError, busyId, load, remove, forget };
});
