// Updates store: the updater's status from main (phase, release, progress, last check), kept current by
// `updates:changed`, and the user's answers to its prompts. The only place the renderer calls the updates bridge.
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { AppError, Result, UpdatePreferencesPatch, UpdateStatus } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

/** What the prompt asks, if anything: allow the download, watch it, or allow the restart that installs it. */
export type UpdatePrompt = 'download' | 'downloading' | 'install' | null;

export const useUpdatesStore = defineStore('updates', () => {
  const status = ref<UpdateStatus | null>(null);
  const loadError = ref<AppError | null>(null);
  /** The last refused action (check, download, install, save), shown where it was asked. */
  const actionError = ref<AppError | null>(null);
  const isWorking = ref(false);
  /** Versions the user answered "Later" to, per prompt, for this session. */
  const deferred = ref<Record<string, true>>({});

  let version = 0;
  const accept = (next: UpdateStatus): void => {
    version += 1;
    status.value = next;
    loadError.value = null;
  };
  const unsubscribe = keydesk.on('updates:changed', accept);
  onScopeDispose(unsubscribe);

  async function load(): Promise<void> {
    const startedAt = version;
    const result = await keydesk.updates.status();
    if (result.ok) {
      if (version === startedAt) accept(result.value);
    } else if (status.value === null) {
      loadError.value = result.error;
    }
  }

  let inFlight: Promise<void> | null = null;
  function hydrate(): Promise<void> {
    if (status.value !== null) return Promise.resolve();
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function run(action: () => Promise<Result<UpdateStatus>>): Promise<Result<UpdateStatus>> {
    isWorking.value = true;
    actionError.value = null;
    try {
      const result = await action();
      if (result.ok) accept(result.value);
      else actionError.value = result.error;
      return result;
    } finally {
      isWorking.value = false;
    }
  }

  const key = (kind: string, releaseVersion: string): string => `${kind}:${releaseVersion}`;

  const prompt = computed<UpdatePrompt>(() => {
    const current = status.value;
    const release = current?.release;
    if (!current || current.support !== 'supported' || !release) return null;
    if (current.phase === 'available' && !deferred.value[key('download', release.version)]) return 'download';
    if (current.phase === 'downloading' && !deferred.value[key('downloading', release.version)]) return 'downloading';
    if (current.phase === 'downloaded' && !deferred.value[key('install', release.version)]) return 'install';
    return null;
  });

  /** "Later" (or "Hide" while downloading): this prompt stays closed for this version until Keydesk restarts. */
  function defer(): void {
    const release = status.value?.release;
    const asked = prompt.value;
    if (!release || !asked) return;
    deferred.value = { ...deferred.value, [key(asked, release.version)]: true };
  }

  return {
    status,
    loadError,
    actionError,
    isWorking,
    prompt,
    hydrate,
    reload: load,
    defer,
    check: () => run(() => keydesk.updates.check()),
    download: () => run(() => keydesk.updates.download()),
    install: () => run(() => keydesk.updates.install()),
    configure: (patch: UpdatePreferencesPatch) => run(() => keydesk.updates.configure(patch)),
  };
});
