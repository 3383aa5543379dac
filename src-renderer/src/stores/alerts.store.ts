// Alerts store: the alert centre's list (newest first), kept current by alerts:raised, acknowledged through main;
// plays a short tone for a new alert when the user turned the sound on.
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef } from 'vue';
import type { AlertView, AppError } from '../../../src-shared/contract';
import { keydesk } from '../bridge';
import { useSettingsStore } from './settings.store';

/** A short two-note chime through WebAudio: no audio files, nothing to load. */
export function playAlertTone(): void {
  const AudioContextClass = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    [880, 660].forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start + i * 0.15);
      oscillator.stop(start + 0.45);
    });
    setTimeout(() => void context.close(), 800);
  } catch {
    // no audio device: the alert is still in the alert centre
  }
}

export const useAlertsStore = defineStore('alerts', () => {
  const alerts = ref<AlertView[]>([]);
  const isHydrated = ref(false);
  const settings = useSettingsStore();

  const unacknowledged = computed(() => alerts.value.filter((a) => !a.isAcknowledged));
  const unacknowledgedCount = computed(() => unacknowledged.value.length);

  const unsubscribe = keydesk.on('alerts:raised', (alert) => {
    if (alerts.value.some((a) => a.id === alert.id)) return;
    alerts.value = [alert, ...alerts.value];
    if (settings.settings?.alertSound === true) playAlertTone();
  });
  onScopeDispose(unsubscribe);
  const unsubscribeUpdated = keydesk.on('alerts:updated', (alert) => {
    alerts.value = alerts.value.map((a) => (a.id === alert.id ? alert : a));
  });
  onScopeDispose(unsubscribeUpdated);
  /** The runaway action in flight (alert id), so its buttons show it; the last failure per alert. */
  const resolving = ref<string | null>(null);
  const resolveErrors = shallowRef<ReadonlyMap<string, AppError>>(new Map());

  async function hydrate(): Promise<void> {
    const result = await keydesk.alerts.list();
    if (!result.ok) return;
    // Alerts pushed while the list was loading are already in it or newer than it.
    const known = new Set(result.value.map((a) => a.id));
    alerts.value = [...alerts.value.filter((a) => !known.has(a.id)), ...result.value];
    isHydrated.value = true;
  }

  async function acknowledge(ids?: readonly string[]): Promise<void> {
    const result = await keydesk.alerts.acknowledge(ids === undefined ? {} : { ids });
    if (result.ok) alerts.value = [...result.value];
  }

  /** A runaway alert's Disable now (one status-only request) or Dismiss as false alarm. */
  async function resolveRunaway(id: string, action: 'disable' | 'dismiss'): Promise<void> {
    resolving.value = id;
    try {
      const result = await keydesk.alerts.resolveRunaway({ id, action });
      const rest = new Map(resolveErrors.value);
      rest.delete(id);
      if (result.ok) {
        alerts.value = [...result.value];
        resolveErrors.value = rest;
      } else {
        resolveErrors.value = rest.set(id, result.error);
      }
    } finally {
      resolving.value = null;
    }
  }

  return {
    alerts,
    isHydrated,
    unacknowledged,
    unacknowledgedCount,
    resolving,
    resolveErrors,
    hydrate,
    acknowledge,
    resolveRunaway,
  };
});
