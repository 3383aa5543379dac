// en-US messages: a key's allowance (daily, weekly or monthly; refilled by Keydesk, enforced by the site) or cap.

export const allowance = {
  title: 'Allowance',
  none: 'No allowance',
  set: 'Set…',
  change: 'Change',
  remove: 'Remove',
  save: 'Save',
  restart: 'Start again',
  periodLabel: 'Every',
  amountLabel: 'Amount',
  periods: { day: 'Day', week: 'Week', month: 'Month' },
  perPeriod: { day: '{amount} a day', week: '{amount} a week', month: '{amount} a month' },
  capPerPeriod: { day: 'Cap: {amount} a day', week: 'Cap: {amount} a week', month: 'Cap: {amount} a month' },
  refillHint:
    'At the start of each period Keydesk sets the key’s remaining quota to this amount (one read and one write), so the site itself stops the key at it, even while Keydesk is closed. Saving a new allowance refills the key now.',
  capHint:
    'This key is unlimited: Keydesk disables it once it has spent this amount in a period and enables it at the next. This holds only while Keydesk runs, and turns on “Track spending per key” for the account (its key list read every 5 minutes).',
  zone: 'Periods start at midnight in {zone}; weeks start on Monday.',
  changeNote: 'A change takes effect at the next period: this period’s refill stays as it is.',
  nextRefill: 'Next refill {when}',
  nextPeriod: 'Next period {when}',
  pending: 'A refill was sent; its outcome is read from the key before anything is sent again.',
  runsOn: 'Runs on {device}: that computer refills and caps it, this one does not.',
  runsNowhere: 'Runs on no computer: the one that ran it left sync. Press “Run here” to run it on this one.',
  runHere: 'Run here',
  held: 'Disabled at its cap this period.',
  spent: 'Spent this period: {amount}',
  spentUnknown: 'Spent this period: not read yet',
  stopped: {
    edited_elsewhere:
      'Stopped: the key’s quota was changed elsewhere (by hand, on the site or in Keydesk), and Keydesk does not overwrite that. Start it again to go on from the key as it is now.',
    made_unlimited: 'Stopped: the key was made unlimited. Give it a cap instead, or make it limited and start again.',
    made_limited: 'Stopped: the key is no longer unlimited. Give it an allowance instead.',
    deleted: 'Stopped: the key was deleted.',
    rotated: 'Moved to the key’s twin when it was rotated.',
  },
  history: 'History',
  noHistory: 'Nothing yet.',
  events: {
    refill: 'Refilled from {from} to {to}',
    enabled: 'Enabled again',
    disabled: 'Disabled at its cap ({from} spent)',
    stopped: 'Stopped',
  },
};
