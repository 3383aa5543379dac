// zh-CN messages: handoff ("在…中使用此密钥").

export const handoff = {
  menu: '在…中使用此密钥',
  title: '在…中使用“{name}”',
  target: '发送到',
  groups: { apps: '应用（深度链接）', snippets: '代码片段' },
  targets: {
    'cherry-studio': 'Cherry Studio',
    'cc-switch-claude': 'CC Switch · Claude Code',
    'cc-switch-codex': 'CC Switch · Codex',
    env: '.env 文件',
    curl: 'curl',
    'openai-python': 'OpenAI SDK · Python',
    'openai-node': 'OpenAI SDK · TypeScript',
    'claude-code': 'Claude Code 设置',
    codex: 'Codex 配置',
  },
  preview: '将要发送的内容（此处密钥已遮盖；发送时才组装真实密钥）：',
  payload: '应用收到的内容',
  bases: 'OpenAI 风格地址：{openai} · Anthropic 风格地址：{anthropic}',
  claude: {
    yes: '此密钥可调用 Claude 模型：目标读取 Anthropic 变量的地方已一并写入。',
    no: '此密钥不能调用 Claude 模型，Claude 类目标无法使用它。',
    unknown: '网关没有说明此密钥可调用哪些模型；.env 中未写入 Anthropic 变量。',
  },
  open: '在应用中打开',
  copy: '复制',
  save: '保存为文件',
  needsDesktop: '复制到系统剪贴板需要 Keydesk 桌面版。浏览器模式下请把代码片段保存为文件。',
  needsDesktopLink: '打开其他应用需要 Keydesk 桌面版：浏览器模式不会把含密钥的链接交给页面。',
  commandLine: {
    cherry:
      '在此系统上，链接会作为命令行参数交给 Cherry Studio，启动期间本机其他程序可以读到它。Cherry Studio 不接受其他方式传入密钥：若不想让密钥出现在命令行中，请复制密钥后在 Cherry Studio 中手动添加提供商。',
    ccSwitch:
      '在此系统上，链接会作为命令行参数交给 CC Switch，启动期间本机其他程序可以读到它。CC Switch 不接受其他方式传入密钥：若不想让密钥出现在命令行中，请改用 Claude Code 设置或 Codex 配置片段（保存为仅你可读的文件）。',
  },
  sentOpen: '已交给应用，请在它的窗口中确认导入。',
  sentCopy: '已复制。若剪贴板仍是此内容，将在 {s} 秒后清除。',
  sentFile: '已保存到 {path}，仅你本人可读。',
  sentCancelled: '未保存任何内容。',
  loading: '正在准备预览…',
};
