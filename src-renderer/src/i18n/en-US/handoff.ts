// en-US messages: handoff ("Use this key in…").

export const handoff = {
  menu: 'Use this key in…',
  title: 'Use “{name}” in…',
  target: 'Send to',
  groups: { apps: 'Apps (deep link)', snippets: 'Snippets' },
  targets: {
    'cherry-studio': 'Cherry Studio',
    'cc-switch-claude': 'CC Switch · Claude Code',
    'cc-switch-codex': 'CC Switch · Codex',
    env: '.env file',
    curl: 'curl',
    'openai-python': 'OpenAI SDK · Python',
    'openai-node': 'OpenAI SDK · TypeScript',
    'claude-code': 'Claude Code settings',
    codex: 'Codex config',
  },
  preview: 'What will be sent (the key is masked here; the real key is assembled when you send):',
  payload: 'What the app receives',
  bases: 'OpenAI-style base: {openai} · Anthropic-style base: {anthropic}',
  claude: {
    yes: 'This key can call Claude models: the Anthropic pair is included where the target reads it.',
    no: 'This key cannot call Claude models, so Claude-style targets will not work with it.',
    unknown: 'The gateway did not say which models this key can call; the Anthropic pair is left out of .env.',
  },
  open: 'Open in the app',
  copy: 'Copy',
  save: 'Save to a file',
  needsDesktop:
    'Copying to the system clipboard needs the Keydesk desktop app. In browser mode, save the snippet to a file instead.',
  needsDesktopLink:
    'Opening another app needs the Keydesk desktop app: browser mode never hands a link holding the key to the page.',
  commandLine: {
    cherry:
      'On this system the link reaches Cherry Studio as a command-line argument, which other programs on this computer can read while it starts. Cherry Studio takes a key no other way: to keep it off the command line, copy the key and add the provider in Cherry Studio by hand.',
    ccSwitch:
      'On this system the link reaches CC Switch as a command-line argument, which other programs on this computer can read while it starts. CC Switch takes a key no other way: to keep it off the command line, use the Claude Code settings or Codex config snippet instead (saved to a file only you can read).',
  },
  sentOpen: 'Handed to the app. Confirm the import in its window.',
  sentCopy: 'Copied. The clipboard is cleared in {s} s if it still holds it.',
  sentFile: 'Saved to {path}, readable by you only.',
  sentCancelled: 'Nothing was saved.',
  loading: 'Preparing the preview…',
};
