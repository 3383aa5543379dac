// Settings store: the user's settings DTO hydrated once over the bridge, kept current by `settings:changed`,
// plus the resolved language and theme and the UI state of loading and saving.
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { AppError, Language, Result, Settings, SettingsPatch, Theme } from '../../../src-shared/contract';
import { keydesk } from '../bridge';
import { languageFromSystem, resolveLanguage } from '../i18n/language';

const systemLanguageTag = (): string | undefined => (typeof navigator === 'undefined' ? undefined : navigator.language);

export const useSettingsStore = defineStore('settings', () => {
  /** The settings as main last reported them; null until hydrated (or when loading failed). */
  const settings = ref<Settings | null>(null);
  const loadError = ref<AppError | null>(null);
  const saveError = ref<AppError | null>(null);
  const isLoading = ref(false);
  const isSaving = ref(false);
  const systemTag = ref(systemLanguageTag());

  const isHydrated = computed(() => settings.value !== null);
  /** The language the UI shows: the user's choice, else the system's. */
  const language = computed<Language>(() => resolveLanguage(settings.value?.language ?? null, systemTag.value));
  /** What "follow system" means right now. */
  const systemLanguage = computed<Language>(() => languageFromSystem(systemTag.value));
  /** The user's choice, null when following the system. */
  const chosenLanguage = computed<Language | null>(() => settings.value?.language ?? null);
  const theme = computed<Theme>(() => settings.value?.theme ?? 'system');

  // Pushed changes (from another window, the tray, or our own update) always win over an older read.
  let version = 0;
  const unsubscribe = keydesk.on('settings:changed', (next) => {
    version += 1;
    settings.value = next;
    loadError.value = null;
  });
  const onLanguageChange = (): void => {
    systemTag.value = systemLanguageTag();
  };
  if (typeof window !== 'undefined') window.addEventListener('languagechange', onLanguageChange);
  onScopeDispose(() => {
    unsubscribe();
    if (typeof window !== 'undefined') window.removeEventListener('languagechange', onLanguageChange);
  });

  let inFlight: Promise<void> | null = null;

  async function load(): Promise<void> {
    const startedAt = version;
    isLoading.value = true;
    try {
      const result = await keydesk.settings.get();
      if (result.ok) {
        if (version === startedAt) settings.value = result.value;
        loadError.value = null;
      } else if (settings.value === null) {
        loadError.value = result.error;
      }
    } finally {
      isLoading.value = false;
    }
  }

  /** Loads the settings once; later calls share the first load. After a failure, calling again retries. */
  function hydrate(): Promise<void> {
    if (isHydrated.value) return Promise.resolve();
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** Takes an answer read elsewhere (the first frame) as the first load; a change pushed since then wins. */
  function hydrateWith(result: Result<Settings>): void {
    if (result.ok) {
      if (version === 0) settings.value = result.value;
      loadError.value = null;
    } else if (settings.value === null) {
      loadError.value = result.error;
    }
  }

  /** Sends a change to main; the store follows main's answer (and the event it broadcasts), never a guess. */
  async function update(patch: SettingsPatch): Promise<Result<Settings>> {
    isSaving.value = true;
    saveError.value = null;
    try {
      const result = await keydesk.settings.update(patch);
      if (result.ok) {
        version += 1;
        settings.value = result.value;
        loadError.value = null;
      } else {
        saveError.value = result.error;
      }
      return result;
    } finally {
      isSaving.value = false;
    }
  }

  return {
    settings,
    loadError,
    saveError,
    isLoading,
    isSaving,
    isHydrated,
    language,
    systemLanguage,
    chosenLanguage,
    theme,
    hydrate,
    hydrateWith,
    reload: load,
    update,
  };
});
