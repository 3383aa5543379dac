// Import store ("Import accounts…"): the file's text goes to main once and is not kept here; the store holds only
// main's preview (no credentials) and the per-row report, and drops main's held credentials on cancel.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import {
  MAX_IMPORT_CHARS,
  type AppError,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useImportStore = defineStore('import', () => {
  const isOpen = ref(false);
  const fileName = ref<string | null>(null);
  const preview = shallowRef<ImportPreview | null>(null);
  const report = shallowRef<ImportReport | null>(null);
  const error = shallowRef<AppError | null>(null);
  const phase = ref<'choose' | 'reading' | 'preview' | 'importing' | 'done'>('choose');
  /** How far main is with the import under way (each row checked with its site, then one write). */
  const progress = shallowRef<ImportProgress | null>(null);
  keydesk.on('import:progress', (p) => {
    if (phase.value === 'importing' && p.previewId === preview.value?.previewId) progress.value = p;
  });

  function open(): void {
    isOpen.value = true;
    phase.value = 'choose';
    fileName.value = null;
    preview.value = null;
    report.value = null;
    error.value = null;
  }

  /** Reads the chosen file and asks main for the preview; the text lives only in this call. */
  async function choose(file: File): Promise<void> {
    await dropPreview();
    fileName.value = file.name;
    error.value = null;
    report.value = null;
    // Bytes are at least as many as characters: a file within the limit in bytes is within it in characters.
    if (file.size > MAX_IMPORT_CHARS) {
      error.value = {
        code: 'validation',
        reason: 'import.file_too_large',
        params: { megabytes: MAX_IMPORT_CHARS / 1_000_000 },
      };
      phase.value = 'choose';
      return;
    }
    phase.value = 'reading';
    const r = await keydesk.import.preview({ fileName: file.name, text: await file.text() });
    if (r.ok) {
      preview.value = r.value;
      phase.value = 'preview';
    } else {
      error.value = r.error;
      phase.value = 'choose';
    }
  }

  /**
   * Desktop app: main shows the OS open dialog and reads the file itself, so its text never enters the page.
   * Answers false where main has no dialog (browser mode): the page's file input is used instead.
   */
  async function chooseInMain(): Promise<boolean> {
    await dropPreview();
    error.value = null;
    report.value = null;
    phase.value = 'reading';
    const r = await keydesk.import.chooseFile();
    if (!r.ok && r.error.code === 'unavailable') {
      phase.value = 'choose';
      return false;
    }
    if (r.ok && r.value) {
      preview.value = r.value;
      fileName.value = null;
      phase.value = 'preview';
    } else {
      if (!r.ok) error.value = r.error;
      phase.value = 'choose';
    }
    return true;
  }

  async function confirm(): Promise<void> {
    const shown = preview.value;
    if (!shown) return;
    phase.value = 'importing';
    error.value = null;
    const r = await keydesk.import.confirm({ previewId: shown.previewId });
    preview.value = null;
    progress.value = null;
    if (r.ok) {
      report.value = r.value;
      phase.value = 'done';
    } else {
      error.value = r.error;
      phase.value = 'choose';
    }
  }

  async function dropPreview(): Promise<void> {
    const shown = preview.value;
    preview.value = null;
    if (shown) await keydesk.import.cancel({ previewId: shown.previewId });
  }

  async function close(): Promise<void> {
    isOpen.value = false;
    await dropPreview();
    report.value = null;
    error.value = null;
  }

  return { isOpen, fileName, preview, report, error, phase, progress, open, choose, chooseInMain, confirm, close };
});
