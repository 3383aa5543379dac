// Rotation store: the rotations main reports (kept current by rotation:changed), the plan of one before it starts,
// and the user's steps: start, stop, repeat a hand-off, delete the old key. Only views: no key, no secret.
import { defineStore } from 'pinia';
import { onScopeDispose, shallowRef } from 'vue';
import type { AppError, HandoffVia, Result, RotationPlan, RotationView } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useRotationStore = defineStore('rotation', () => {
  const rotations = shallowRef<readonly RotationView[]>([]);

  const merge = (view: RotationView): void => {
    rotations.value = [view, ...rotations.value.filter((r) => r.id !== view.id)].sort(
      (a, b) => b.startedAt - a.startedAt,
    );
  };
  onScopeDispose(keydesk.on('rotation:changed', merge));

  async function load(accountId: string): Promise<void> {
    const r = await keydesk.rotation.list({ accountId });
    if (!r.ok) return;
    rotations.value = [...rotations.value.filter((x) => x.accountId !== accountId), ...r.value].sort(
      (a, b) => b.startedAt - a.startedAt,
    );
  }

  /** The newest rotation the key is part of, as the old key or the twin. */
  function of(accountId: string, keyId: number): RotationView | null {
    return (
      rotations.value.find((r) => r.accountId === accountId && (r.oldKeyId === keyId || r.newKeyId === keyId)) ?? null
    );
  }

  const byId = (id: string): RotationView | null => rotations.value.find((r) => r.id === id) ?? null;

  const plan = (accountId: string, keyId: number): Promise<Result<RotationPlan>> =>
    keydesk.rotation.plan({ accountId, keyId });

  async function answer(r: Result<RotationView>): Promise<AppError | null> {
    if (!r.ok) return r.error;
    merge(r.value);
    return Promise.resolve(null);
  }

  const start = async (accountId: string, keyId: number, idleMinutes: number): Promise<Result<RotationView>> => {
    const r = await keydesk.rotation.start({ accountId, keyId, idleMinutes });
    // The answer is the rotation as it began: its steps' rotation:changed may have come first (a rotation whose steps
    // need no request, an agent's, is done at once), and the older answer must not replace them.
    if (r.ok && byId(r.value.id) === null) merge(r.value);
    return r;
  };
  const stop = async (id: string): Promise<AppError | null> => answer(await keydesk.rotation.stop({ id }));
  const repeatStep = async (id: string, stepId: string, via?: HandoffVia): Promise<AppError | null> =>
    answer(await keydesk.rotation.repeatStep(via === undefined ? { id, stepId } : { id, stepId, via }));
  const deleteOld = async (id: string): Promise<AppError | null> => answer(await keydesk.rotation.deleteOld({ id }));

  return { rotations, load, of, byId, plan, start, stop, repeatStep, deleteOld };
});
