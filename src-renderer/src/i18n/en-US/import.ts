// en-US messages: importing accounts from a file (an All API Hub backup or a CSV).

export const importAccounts = {
  action: 'Import accounts…',
  title: 'Import accounts',
  intro:
    'Choose an {product} backup (JSON) or a CSV with the columns name, base_url, kind and credential. Nothing is added until you confirm; each account is checked with its site first.',
  choose: 'Choose a file…',
  reading: 'Reading the file…',
  file: 'File: {name}',
  formats: { all_api_hub: '{product} backup', csv: 'CSV' },
  counts: {
    add: 'To add: {n}',
    duplicate: 'Already there: {n}',
    refused: 'Refused: {n}',
  },
  columns: {
    row: '#',
    name: 'Name',
    address: 'Address',
    kind: 'Kind',
    user: 'User',
    outcome: 'Outcome',
  },
  outcomes: { add: 'Add', duplicate: 'Duplicate', refused: 'Refused' },
  duplicateNote: 'Same address and user as an account already in Keydesk or an earlier row.',
  unknown: 'unknown',
  confirm: 'Import {n} accounts',
  cancel: 'Cancel',
  moreRows: 'The first {shown} rows are listed (refused ones first); {more} more are counted above.',
  progress: {
    checking: 'Checking each account with its site: {done} of {total}…',
    writing: 'Saving {total} account(s)…',
  },
  close: 'Close',
  chooseOther: 'Choose another file',
  report: {
    summary: 'Added {added}, failed {failed}, skipped {skipped}.',
    added: 'Added',
    failed: 'Failed',
    skipped: 'Skipped',
  },
  previewFailed: 'This file could not be read.',
  importFailed: 'The import did not run.',
};
