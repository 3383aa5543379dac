// zh-CN messages: per-key spend (the tracking switch and the top spenders).

export const spend = {
  title: '按密钥统计消耗',
  track: '跟踪每个密钥的消耗',
  trackHint: 'Keydesk 每 5 分钟读取一次此账户的密钥列表，某个密钥一小时内的消耗远超平时会提醒你。',
  off: '开启后可查看哪些密钥消耗最多，并在某个密钥异常消耗时收到提醒。',
  key: '密钥',
  lastHour: '最近一小时',
  lastDay: '最近 24 小时',
  unknown: '暂未知',
  unknownHint: '读取次数还不足以覆盖这段时间；漏掉的读取记为未知，绝不记为零。',
  none: '还没有读取记录，几分钟内会完成第一次读取。',
  top: '消耗最多的密钥',
  topAll: '所有账户中消耗最多的密钥',
  account: '账户',
  cap: {
    label: '每日上限',
    none: '未设置',
    perDay: '每天 {amount}',
    set: '设置',
    change: '修改',
    remove: '移除',
    save: '保存',
    hint: '24 小时内消耗超过此额度即发出“消耗异常”提醒，不论该密钥平时的消耗速度。',
  },
  chart: {
    title: '最近 24 小时消耗',
    untracked: '在“账户与订阅”页开启“跟踪每个密钥的消耗”后，可查看此密钥的消耗走势。',
    label: '最近 24 小时已用额度，从 {min} 到 {max}',
    dayAgo: '24 小时前',
    now: '现在',
  },
};
