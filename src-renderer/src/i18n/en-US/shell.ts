// en-US messages: app, storeProblems, nav, sidebar, topBar, empty, common, unsupportedFeatures.

export const app = {
  name: 'Keydesk',
};

export const storeProblems = {
  title: 'A data file was damaged',
  restored: '{file} could not be read and was restored from its backup, which is one save behind.',
  startedEmpty: '{file} could not be read, and neither could a backup.',
  lost: {
    accounts: {
      restored_from_backup: 'The latest change to your accounts (for example the newest account) may be missing.',
      started_empty:
        'Your accounts are missing from the list. Their saved credentials remain in the vault; add the accounts again.',
    },
    settings: {
      restored_from_backup: 'Your latest settings change may be missing.',
      started_empty: 'Your settings are back to their defaults.',
    },
    vault: {
      restored_from_backup: 'The latest credential you saved may be missing; Keydesk will ask for it again.',
      started_empty: 'Saved credentials could not be read; each account asks for its credential again.',
    },
    cache: {
      restored_from_backup: 'The latest balances, history or alerts may be missing.',
      started_empty: 'Earlier balances, history or alerts are missing; new ones are collected from now on.',
    },
    key_records: {
      restored_from_backup:
        'The latest change to an allowance, a key rotation or the record of hand-offs may be missing.',
      started_empty:
        'Allowances, key rotations or the record of hand-offs could not be read; none runs until it is set again.',
    },
  },
  kept: 'The damaged copy is kept, untouched, at {path}.',
  causes: {
    missing: 'Why: the file was missing.',
    empty: 'Why: the file was empty.',
    not_json: 'Why: the file was not valid JSON.',
    not_object: 'Why: the file did not hold the expected data.',
    bad_version: 'Why: the file named a format version that does not exist.',
    newer_version: 'Why: a newer Keydesk wrote the file.',
    migration_failed: 'Why: the file could not be brought to this version’s format.',
    schema: 'Why: the file did not hold the expected fields.',
  },
};

export const nav = {
  label: 'Sections',
  keys: 'All keys',
  accounts: 'Accounts',
  account: 'Account & subscription',
  models: 'Models & groups',
  settings: 'Settings',
};

export const sidebar = {
  accounts: 'Accounts',
  manageAccounts: 'Manage accounts',
  noAccounts: 'No accounts yet',
  noAccountsHint: 'Each account you add appears here with its balance and state.',
  addAccount: 'Add account',
};

export const topBar = {
  search: 'Search',
  searchPlaceholder: 'Search',
  searchShortcut: 'Press / to search',
  refresh: 'Refresh',
  nothingToRefresh: 'Nothing to refresh yet: add an account first.',
};

export const empty = {
  keys: {
    title: 'No keys to show',
    body: 'Keys are read from your gateway accounts. Once an account is added, its API keys are listed here with quota, status and expiry.',
    action: 'Add account',
  },
  account: {
    title: 'No account selected',
    body: 'Balance, usage and subscription are shown per account. Add an account, then pick it in the sidebar.',
    action: 'Add account',
  },
  models: {
    title: 'No account selected',
    body: 'Models, groups and their prices come from an account’s gateway. Add an account, then pick it in the sidebar.',
    action: 'Add account',
  },
};

export const common = {
  ok: 'OK',
  retry: 'Try again',
  // Leads the gateway's own words, quoted after it: the colon is the language's own (：in Chinese).
  details: 'Details:',
  /** A label and its value on one line: the colon is the language's own. */
  labelled: '{label}: {value}',
};

export const unsupportedFeatures = {
  headline: 'This server version does not offer {feature}.',
  reveal: 'revealing full keys',
  key_usage: 'the key usage endpoint',
  subscription: 'subscriptions',
  usage_logs: 'usage logs',
  groups: 'key groups',
  model_listing: 'a model list of its own',
  notify_settings: 'warnings it sends itself (quota warning settings)',
};
