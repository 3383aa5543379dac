// en-US messages: per-key spend (the tracking switch and the top spenders).

export const spend = {
  title: 'Spending per key',
  track: 'Track spending per key',
  trackHint:
    'Keydesk reads this account’s key list every 5 minutes and warns when a key spends far more than usual in an hour.',
  off: 'Turn it on to see which keys spend the most and to be warned when one runs away.',
  key: 'Key',
  lastHour: 'Last hour',
  lastDay: 'Last 24 hours',
  unknown: 'Not known yet',
  unknownHint: 'Not enough reads cover this time yet; missed reads count as unknown, never as zero.',
  none: 'No reads yet. The first comes within a few minutes.',
  top: 'Top spenders',
  topAll: 'Top spenders across accounts',
  account: 'Account',
  cap: {
    label: 'Daily cap',
    none: 'none',
    perDay: '{amount} a day',
    set: 'Set',
    change: 'Change',
    remove: 'Remove',
    save: 'Save',
    hint: 'Spending more than this in 24 hours raises a runaway alert, whatever the key’s usual rate.',
  },
  chart: {
    title: 'Spending, last 24 hours',
    untracked: 'Turn on “Track spending per key” on the Account page to see this key’s spending over time.',
    label: 'Used quota over the last 24 hours, from {min} to {max}',
    dayAgo: '24 h ago',
    now: 'now',
  },
};
