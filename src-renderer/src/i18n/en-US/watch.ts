// en-US messages: watching across accounts (which key can call a model).

export const watch = {
  title: 'Which key can call a model',
  hint: 'Every account’s usable keys whose group serves the model and whose own model list allows it, cheapest group first.',
  placeholder: 'Model id, e.g. gpt-4o-mini',
  search: 'Find keys',
  readAgain: 'Read keys and prices again',
  account: 'Account',
  key: 'Key',
  group: 'Group',
  defaultGroup: 'Account’s group',
  ratio: 'Ratio',
  ratioUnknown: 'The site did not say this group’s ratio',
  quotaLeft: 'Quota left',
  expires: 'Expires',
  never: 'Never',
  unlimited: 'Unlimited',
  copy: 'Copy',
  useIn: 'Use this key in…',
  none: 'No usable key of any account can call “{model}”.',
  partial: 'Some accounts could not be read; their keys may be missing here:',
};
