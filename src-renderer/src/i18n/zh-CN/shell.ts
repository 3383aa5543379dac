// zh-CN messages: app, storeProblems, nav, sidebar, topBar, empty, common, unsupportedFeatures.
import type { MessageSchema } from '../en-US';

export const app: MessageSchema['app'] = {
  name: 'Keydesk',
};

export const storeProblems: MessageSchema['storeProblems'] = {
  title: '有数据文件已损坏',
  restored: '无法读取 {file}，已从备份恢复；备份比最后一次保存早一步。',
  startedEmpty: '无法读取 {file}，备份也无法读取。',
  lost: {
    accounts: {
      restored_from_backup: '最近一次对账户的更改（例如最新添加的账户）可能已丢失。',
      started_empty: '账户列表中的账户已丢失。它们保存的凭据仍在保险库中；请重新添加这些账户。',
    },
    settings: {
      restored_from_backup: '最近一次的设置更改可能已丢失。',
      started_empty: '设置已恢复为默认值。',
    },
    vault: {
      restored_from_backup: '最近保存的凭据可能已丢失；Keydesk 会再次询问。',
      started_empty: '无法读取已保存的凭据；每个账户都会再次要求输入凭据。',
    },
    cache: {
      restored_from_backup: '最近的余额、历史或提醒可能已丢失。',
      started_empty: '之前的余额、历史或提醒已丢失；从现在起重新记录。',
    },
    key_records: {
      restored_from_backup: '额度计划、密钥轮换或交付记录的最近一次更改可能缺失。',
      started_empty: '无法读取额度计划、密钥轮换或交付记录；重新设置之前它们都不会运行。',
    },
  },
  kept: '损坏的副本已原样保留在 {path}。',
  causes: {
    missing: '原因：文件不存在。',
    empty: '原因：文件为空。',
    not_json: '原因：文件不是有效的 JSON。',
    not_object: '原因：文件中不是预期的数据。',
    bad_version: '原因：文件标注的格式版本不存在。',
    newer_version: '原因：该文件由更新版本的 Keydesk 写入。',
    migration_failed: '原因：无法把文件转换为本版本的格式。',
    schema: '原因：文件中缺少预期的字段。',
  },
};

export const nav: MessageSchema['nav'] = {
  label: '分区',
  keys: '全部密钥',
  accounts: '账户',
  account: '账户与订阅',
  models: '模型与分组',
  settings: '设置',
};

export const sidebar: MessageSchema['sidebar'] = {
  accounts: '账户',
  manageAccounts: '管理账户',
  noAccounts: '还没有账户',
  noAccountsHint: '添加的每个账户都会显示在这里，附带余额和状态。',
  addAccount: '添加账户',
};

export const topBar: MessageSchema['topBar'] = {
  search: '搜索',
  searchPlaceholder: '搜索',
  searchShortcut: '按 / 搜索',
  refresh: '刷新',
  nothingToRefresh: '暂无可刷新的内容：请先添加账户。',
};

export const empty: MessageSchema['empty'] = {
  keys: {
    title: '暂无密钥',
    body: '密钥从你的网关账户读取。添加账户后，它的 API 密钥会列在这里，并显示额度、状态和有效期。',
    action: '添加账户',
  },
  account: {
    title: '未选择账户',
    body: '余额、用量和订阅按账户显示。请先添加账户，再在侧栏中选择它。',
    action: '添加账户',
  },
  models: {
    title: '未选择账户',
    body: '模型、分组及其价格来自账户所在的网关。请先添加账户，再在侧栏中选择它。',
    action: '添加账户',
  },
};

export const common: MessageSchema['common'] = {
  ok: '确定',
  retry: '重试',
  details: '详情：',
  labelled: '{label}：{value}',
};

export const unsupportedFeatures: MessageSchema['unsupportedFeatures'] = {
  headline: '此服务器版本不提供{feature}功能。',
  reveal: '查看完整密钥',
  key_usage: '密钥用量查询',
  subscription: '订阅',
  usage_logs: '使用日志',
  groups: '密钥分组',
  model_listing: '自带的模型列表',
  notify_settings: '站点自己发送的额度预警',
};
