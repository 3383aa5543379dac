// zh-CN messages: rotating a key in one step (a twin handed to every place the old key went, the old key retired).
import type { MessageSchema } from '../en-US';

export const rotation: MessageSchema['rotation'] = {
  menu: '轮换…',
  title: '轮换“{name}”',
  intro:
    'Keydesk 会创建这个密钥的副本——名称、剩余额度、分组、模型与 IP 限制、到期时间都相同——把它交付到之前交付过这个密钥的每个地方，然后观察这个密钥，在它闲置后停用它。',
  allowanceMoves: '它的额度计划（{amount}）会移到副本；本周期算作已补充。',
  places: '副本会交付到',
  noPlaces: 'Keydesk 没有把这个密钥交付到任何地方，所以只会创建副本：请用“在…中使用此密钥”自行交付。',
  noPlacesHere: '这台电脑没有把这个密钥交付到任何地方，所以这里只会创建副本。',
  elsewhere: '在其他电脑上也交付过',
  elsewherePlace: '「{device}」上的 {place}',
  elsewhereGone: '已退出同步的电脑',
  elsewhereAgent: '智能体“{place}”',
  elsewhereHint:
    '这次轮换只改写这台电脑上的交付位置。请在这里列出的每台电脑上打开 Keydesk，用“在…中使用此密钥”交付副本：在旧密钥被停用之前，那里仍在使用旧密钥。',
  via: {
    open: '再次把链接发送到 {place}',
    file: '原地改写文件：{path}',
    clipboard: '{place} 的代码片段，由你点击后再次复制',
    reveal: '智能体“{place}”读取过此密钥：请让它读取新密钥',
    revealUnnamed: '一个未报名称的智能体读取过此密钥：请让它读取新密钥',
  },
  unnamedAgent: '未报名称的智能体',
  idle: '这个密钥闲置多久后停用',
  idleOptions: { '0': '立即', '15': '15 分钟', '60': '1 小时', '360': '6 小时', '1440': '24 小时' },
  idleHint:
    '闲置以站点报告的为准：两次读取之间密钥的最近使用时间和已用额度都没有变化（Keydesk 运行时每 5 分钟读取一次）。停用 {days} 天后会提示删除它，只有你确认后才会删除。',
  start: '轮换',
  stop: '停止',
  stopHint: '停止后尚未执行的步骤会被跳过；已完成的不会撤销。',
  states: {
    running: '正在创建副本并交付',
    watching: '正在观察旧密钥',
    old_disabled: '旧密钥已停用',
    delete_offered: '可以删除旧密钥了',
    done: '完成：旧密钥已删除',
    stopped: '已停止',
    failed: '因出错而停止',
  },
  steps: {
    create: '创建副本',
    handoff: '{place}',
    disable: '停用旧密钥',
    delete: '删除旧密钥（需你确认）',
  },
  stepStates: {
    pending: '等待中',
    running: '进行中…',
    done: '完成',
    failed: '失败',
    needs_you: '需要你操作',
    skipped: '已跳过',
  },
  notes: {
    copy_again: '复制副本的代码片段，然后粘贴到原来放旧密钥的地方。',
    file_changed: 'Keydesk 写入后该文件被改动过，所以没有覆盖它：请把副本的代码片段另存为新文件。',
    file_missing: '文件已不在 Keydesk 写入的位置：请把副本的代码片段另存为新文件。',
    no_link_opener: '打开其他应用需要 Keydesk 桌面应用。',
    agent_reads_again:
      '智能体仍持有旧密钥；Keydesk 无法把密钥交给智能体。请让它读取新密钥（它可以再次调用 reveal_key）。',
  },
  actions: {
    copy: '复制',
    resend: '再次发送',
    saveNew: '另存为新文件',
    retry: '重试',
    deleteOld: '删除旧密钥…',
  },
  twin: '副本：“{name}”（#{id}）',
  lastUse: '最近一次看到使用：{when}',
  noUse: '轮换开始后未看到使用',
  disableAt: '若在此之前没有使用，{when}停用',
  deleteOfferAt: '{when}提示删除',
  deleteConfirm: {
    title: '删除旧密钥？',
    body: '“{name}”（#{id}）将在站点上被删除，无法恢复。',
    confirm: '删除',
  },
  drawer: {
    title: '轮换',
    asOld: '正被“{name}”替换：{state}',
    asNew: '替换了“{name}”：{state}',
    open: '详情',
  },
};
