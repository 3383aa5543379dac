// Backup store: the bridge calls of Settings → Back up… and Restore…. It holds what the dialogs show (the chosen
// file's name and size, main's preview without secrets, the outcome) and never a passphrase beyond the call, nor a
// file's bytes beyond sending them to main once.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type {
  AppError,
  BackupCreated,
  BackupFileRef,
  BackupPreview,
  BackupProgress,
  BackupRestored,
  RestoreMode,
  Result,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

/** base64 of a picked file, in slices (String.fromCharCode takes a bounded number of arguments). */
function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

export const useBackupStore = defineStore('backup', () => {
  const isCreating = ref(false);
  const created = shallowRef<BackupCreated | null>(null);
  const createError = shallowRef<AppError | null>(null);

  const file = shallowRef<BackupFileRef | null>(null);
  const preview = shallowRef<BackupPreview | null>(null);
  const restored = shallowRef<BackupRestored | null>(null);
  const restoreError = shallowRef<AppError | null>(null);
  const isWorking = ref(false);
  /** How far main has checked or written the file we are waiting on (a large file is checked in slices). */
  const progress = shallowRef<BackupProgress | null>(null);
  keydesk.on('backup:progress', (p) => {
    if (isWorking.value && (p.id === file.value?.fileId || p.id === preview.value?.restoreId)) progress.value = p;
  });

  async function create(passphrase: string, includeCredentials: boolean): Promise<boolean> {
    isCreating.value = true;
    createError.value = null;
    created.value = null;
    try {
      const result = await keydesk.backup.create({ passphrase, includeCredentials });
      if (result.ok) created.value = result.value;
      else createError.value = result.error;
      return result.ok && result.value.path !== null;
    } finally {
      isCreating.value = false;
    }
  }

  function resetCreate(): void {
    created.value = null;
    createError.value = null;
  }

  async function step<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
    isWorking.value = true;
    restoreError.value = null;
    try {
      const result = await call();
      if (!result.ok) restoreError.value = result.error;
      return result;
    } finally {
      isWorking.value = false;
      progress.value = null;
    }
  }

  /** Desktop: main's open dialog. */
  async function chooseFile(): Promise<void> {
    await forget();
    const result = await step(() => keydesk.backup.chooseFile());
    if (result.ok) file.value = result.value;
  }

  /** Browser mode: the page's file input; the bytes go to main once and are not kept here. */
  async function receiveFile(picked: File): Promise<void> {
    await forget();
    const contentBase64 = base64Of(new Uint8Array(await picked.arrayBuffer()));
    const result = await step(() => keydesk.backup.receiveFile({ name: picked.name, contentBase64 }));
    if (result.ok) file.value = result.value;
  }

  async function open(passphrase: string): Promise<void> {
    const chosen = file.value;
    if (!chosen) return;
    const result = await step(() => keydesk.backup.preview({ fileId: chosen.fileId, passphrase }));
    if (result.ok) {
      preview.value = result.value;
      file.value = null; // main has let go of the file: the opened backup replaces it
    }
  }

  async function restore(mode: RestoreMode): Promise<boolean> {
    const opened = preview.value;
    if (!opened) return false;
    const result = await step(() => keydesk.backup.restore({ restoreId: opened.restoreId, mode }));
    if (result.ok) {
      restored.value = result.value;
      preview.value = null;
    }
    return result.ok;
  }

  /** Main forgets the file or opened backup it holds for us (the dialog closed, or another file was chosen). */
  async function forget(): Promise<void> {
    const ids = [file.value?.fileId, preview.value?.restoreId].filter((id): id is string => id !== undefined);
    file.value = null;
    preview.value = null;
    restored.value = null;
    restoreError.value = null;
    for (const id of ids) await keydesk.backup.discard({ id });
  }

  return {
    isCreating,
    created,
    createError,
    file,
    preview,
    restored,
    restoreError,
    isWorking,
    progress,
    create,
    resetCreate,
    chooseFile,
    receiveFile,
    open,
    restore,
    forget,
  };
});
