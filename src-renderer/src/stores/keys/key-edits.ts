// The keys store's actions on keys, each one call to main answered as a Result for the screen to word. Where the
// answer is the key as saved, its row is replaced at once (no reload of the page it sits on); a change the saved
// list cannot follow (a new key, a status change, a deletion) makes the next search ask the server again.
import type { ArgsOf, KeyFields, KeyView } from '../../../../src-shared/contract';
import { keydesk } from '../../bridge';
import { rowKey } from './key-selection';

/** What the edits change in the listing and the selection. */
export interface EditTargets {
  readonly replaceRow: (k: KeyView) => void;
  readonly forgetListed: () => void;
  readonly highlight: (rowKey: string) => void;
}

export function useKeyEdits(targets: EditTargets) {
  const { replaceRow, forgetListed } = targets;

  async function create(id: string, fields: KeyFields) {
    const r = await keydesk.keys.create({ accountId: id, fields });
    // A list loaded before lacks the new key: a search must ask the server again.
    if (r.ok) forgetListed();
    if (r.ok && r.value) targets.highlight(rowKey(r.value));
    return r;
  }
  /** A fresh read of one key, for the edit form. */
  const get = (ref: ArgsOf<'keys:get'>) => keydesk.keys.get(ref);
  /** How the account's site stores a key's limits (one-api: IP ranges, no groups), for the key form. */
  const shape = (ref: ArgsOf<'keys:shape'>) => keydesk.keys.shape(ref);
  async function update(args: ArgsOf<'keys:update'>) {
    const r = await keydesk.keys.update(args);
    if (r.ok) replaceRow(r.value.key);
    return r;
  }
  async function addQuota(args: ArgsOf<'keys:addQuota'>) {
    const r = await keydesk.keys.addQuota(args);
    if (r.ok) replaceRow(r.value.key);
    return r;
  }
  async function extendAndEnable(args: ArgsOf<'keys:extendAndEnable'>) {
    const r = await keydesk.keys.extendAndEnable(args);
    if (r.ok) replaceRow(r.value);
    return r;
  }
  // A status change or a deletion is followed by a reload: the saved list must not show the old rows meanwhile.
  const setStatus = (args: ArgsOf<'keys:setStatus'>) => {
    forgetListed();
    return keydesk.keys.setStatus(args);
  };
  const remove = (args: ArgsOf<'keys:delete'>) => {
    forgetListed();
    return keydesk.keys.delete(args);
  };
  const copy = (args: ArgsOf<'keys:copy'>) => keydesk.keys.copy(args);
  const exportKeys = (args: ArgsOf<'keys:export'>) => keydesk.keys.export(args);
  const usage = (ref: ArgsOf<'keys:usage'>) => keydesk.keys.usage(ref);
  const test = (ref: ArgsOf<'keys:test'>) => keydesk.keys.test(ref);
  const modelUsage = (ref: ArgsOf<'keys:modelUsage'>) => keydesk.keys.modelUsage(ref);

  return {
    create,
    get,
    shape,
    update,
    addQuota,
    extendAndEnable,
    setStatus,
    remove,
    copy,
    exportKeys,
    usage,
    test,
    modelUsage,
  };
}
