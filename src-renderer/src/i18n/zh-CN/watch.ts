// zh-CN messages: watching across accounts (which key can call a model).

export const watch = {
  title: '哪个密钥能调用某个模型',
  hint: '所有账户中可用、所在分组提供该模型且自身模型列表允许的密钥，分组倍率低的在前。',
  placeholder: '模型 ID，例如 gpt-4o-mini',
  search: '查找密钥',
  readAgain: '重新读取密钥和倍率',
  account: '账户',
  key: '密钥',
  group: '分组',
  defaultGroup: '账户所在分组',
  ratio: '倍率',
  ratioUnknown: '站点未提供此分组的倍率',
  quotaLeft: '剩余额度',
  expires: '过期时间',
  never: '永不过期',
  unlimited: '无限',
  copy: '复制',
  useIn: '在…中使用此密钥',
  none: '没有任何账户的可用密钥能调用“{model}”。',
  partial: '部分账户无法读取，它们的密钥可能未列出：',
};
