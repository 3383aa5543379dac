// en-US messages: rotating a key in one step (a twin handed to every place the old key went, the old key retired).

export const rotation = {
  menu: 'Rotate…',
  title: 'Rotate “{name}”',
  intro:
    'Keydesk creates a twin of this key — the same name, quota left, group, model and IP limits and expiry — hands it to every place it handed this one, then watches this key and disables it once it is idle.',
  allowanceMoves: 'Its allowance ({amount}) moves to the twin; this period counts as refilled.',
  places: 'Where the twin goes',
  noPlaces:
    'Keydesk has not handed this key anywhere, so only the twin is made: hand it on yourself with “Use this key in…”.',
  noPlacesHere: 'This computer has not handed this key anywhere, so only the twin is made here.',
  elsewhere: 'Also handed on other computers',
  elsewherePlace: '{place} on {device}',
  elsewhereGone: 'a computer that left sync',
  elsewhereAgent: 'the agent “{place}”',
  elsewhereHint:
    'This rotation changes only this computer’s places. On each computer named here, open Keydesk and hand the twin on with “Use this key in…”: the old key keeps working there until this one is disabled.',
  via: {
    open: 'Link sent again to {place}',
    file: 'File rewritten in place: {path}',
    clipboard: 'Snippet for {place}, copied again when you click',
    reveal: 'The agent “{place}” read this key: let it read the twin',
    revealUnnamed: 'An agent that gave no name read this key: let it read the twin',
  },
  unnamedAgent: 'an agent that gave no name',
  idle: 'Disable this key once it has been idle for',
  idleOptions: { '0': 'At once', '15': '15 minutes', '60': '1 hour', '360': '6 hours', '1440': '24 hours' },
  idleHint:
    'Idle as the site reports it: no change in the key’s last use or used quota between two reads (one every 5 minutes while Keydesk runs). Deleting it is offered {days} days after it is disabled, and done only when you confirm.',
  start: 'Rotate',
  stop: 'Stop',
  stopHint: 'Stopping skips the steps not yet run; nothing done is undone.',
  states: {
    running: 'Creating the twin and handing it on',
    watching: 'Watching the old key',
    old_disabled: 'Old key disabled',
    delete_offered: 'The old key can be deleted',
    done: 'Done: the old key was deleted',
    stopped: 'Stopped',
    failed: 'Stopped by an error',
  },
  steps: {
    create: 'Create the twin',
    handoff: '{place}',
    disable: 'Disable the old key',
    delete: 'Delete the old key (when you confirm)',
  },
  stepStates: {
    pending: 'Waiting',
    running: 'Running…',
    done: 'Done',
    failed: 'Failed',
    needs_you: 'Needs you',
    skipped: 'Skipped',
  },
  notes: {
    copy_again: 'Copy the twin’s snippet, then paste it where the old one went.',
    file_changed:
      'The file changed after Keydesk wrote it, so it was not overwritten: save the twin’s snippet as a new file.',
    file_missing: 'The file is no longer where Keydesk wrote it: save the twin’s snippet as a new file.',
    no_link_opener: 'Opening an app needs the Keydesk desktop app.',
    agent_reads_again:
      'The agent still holds the old key; Keydesk cannot hand a key to an agent. Ask it to read the twin (it can call reveal_key again).',
  },
  actions: {
    copy: 'Copy',
    resend: 'Send again',
    saveNew: 'Save as a new file',
    retry: 'Try again',
    deleteOld: 'Delete old key…',
  },
  twin: 'Twin: “{name}” (#{id})',
  lastUse: 'Last use seen {when}',
  noUse: 'No use seen since the rotation began',
  disableAt: 'Disabled {when} unless it is used before',
  deleteOfferAt: 'Deleting it is offered {when}',
  deleteConfirm: {
    title: 'Delete the old key?',
    body: '“{name}” (#{id}) will be deleted on the site. This cannot be undone.',
    confirm: 'Delete',
  },
  drawer: {
    title: 'Rotation',
    asOld: 'Being replaced by “{name}”: {state}',
    asNew: 'Replaces “{name}”: {state}',
    open: 'Details',
  },
};
