// zh-CN messages: what agents may ask Keydesk through `keydesk mcp` (Settings › Agents (MCP)).
import type { MessageSchema } from '../en-US';

export const agents: MessageSchema['agents'] = {
  title: '智能体（MCP）',
  intro:
    '编程智能体（Claude Code、Codex、Cherry Studio）可以通过 keydesk mcp 命令向 Keydesk 询问：余额、密钥（打码）、哪个密钥能调用某个模型、今日消耗、即将到期项和消耗异常的密钥。除非你在下面按账户开启更多权限，它们只能读取。',
  setup: '各智能体的接入方法见指南 docs/guide/agents-and-tray.md。',
  command: '命令',
  reveal: '把完整密钥交给智能体',
  revealHint: '智能体可以索取某个密钥的完整值。每次交付都会列在提醒中。',
  disable: '允许智能体停用密钥',
  disableHint: '智能体可以在站点上停用某个密钥。每次都会列在提醒中。',
  none: '还没有带密钥列表的账户：请先添加一个密码或访问令牌账户。',
  watchedKey: '单独监控的密钥没有密钥列表：没有可交付或停用的内容。',
  loadFailed: '无法读取智能体的权限。',
  saveFailed: '无法更改 {account} 的智能体权限。',
};
