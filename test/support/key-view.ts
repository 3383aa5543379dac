// A key as main hands it to the renderer, for main's and the renderer's tests: enabled, masked, ¥1 of quota, no
// limits, obviously fake; a test names only what it is about.
import type { KeyView } from '../../src-shared/contract';

export const keyView = (over: Partial<KeyView> & Pick<KeyView, 'id'>): KeyView => ({
  accountId: 'a',
  name: `key-${String(over.id)}`,
  maskedKey: 'sk-abcd**********wxyz',
  status: 1,
  state: 'enabled',
  createdTime: 1,
  accessedTime: 1,
  expiredTime: -1,
  remainQuota: 500_000,
  usedQuota: 0,
  unlimitedQuota: false,
  group: '',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
  ...over,
});
