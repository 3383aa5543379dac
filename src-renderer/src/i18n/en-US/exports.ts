// en-US messages: the files Keydesk wrote with full keys in them (Settings).

export const exports = {
  title: 'Files with full keys',
  hint: 'Key exports and snippets saved to a file hold full keys. Keydesk lists each file it wrote and deletes one only while it is still exactly what Keydesk wrote.',
  deleteAfter: 'Delete them after',
  days: 'days',
  keepPlaceholder: 'never',
  keptNow: 'Kept until you delete them.',
  deletedNow: 'Deleted {n} days after they were written.',
  none: 'Keydesk has written no file with full keys, or all of them were deleted.',
  kinds: { keys: 'Key export', snippet: 'Snippet' },
  states: { present: 'Holds keys', changed: 'Changed since', missing: 'Gone' },
  bytes: '{n} B',
  kilobytes: '{n} KB',
  delete: 'Delete',
  forget: 'Remove from list',
};
