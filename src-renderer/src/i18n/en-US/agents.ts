// en-US messages: what agents may ask Keydesk through `keydesk mcp` (Settings › Agents (MCP)).

export const agents = {
  title: 'Agents (MCP)',
  intro:
    'Coding agents (Claude Code, Codex, Cherry Studio) can ask Keydesk through the keydesk mcp command: balances, keys (masked), which key can call a model, today’s spend, what expires soon and runaway keys. Reading is all they can do unless you switch more on below, per account.',
  setup: 'How to add it to each agent: the guide docs/guide/agents-and-tray.md.',
  command: 'Command',
  reveal: 'Hand full keys to agents',
  revealHint: 'An agent may ask for one key’s full value. Each hand-off is listed in the alerts.',
  disable: 'Agents may disable keys',
  disableHint: 'An agent may turn a key off on the site. Each one is listed in the alerts.',
  none: 'No account with a key list yet: add a password or access-token account first.',
  watchedKey: 'Watched keys have no key list: nothing to hand over or disable.',
  loadFailed: 'Could not read what agents may do.',
  saveFailed: 'Could not change what agents may do for {account}.',
};
