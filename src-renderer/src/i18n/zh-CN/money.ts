// zh-CN messages: money.
import type { MessageSchema } from '../en-US';

export const money: MessageSchema['money'] = {
  total: '合计 ≈ {amount}',
  totalLabel: '人民币合计余额',
  ratesUsed: '所用汇率：',
  rateSitePrice: '{symbol} 按每美元 ¥{rate}（站点价格）',
  rateUser: '{symbol} 按每美元 ¥{rate}（您设置的汇率）',
  rateYuan: '{label}：以人民币显示',
  excluded: '未计入（人民币汇率未知）：{labels}',
  noneKnown: '还没有已知的余额。',
  noneCounted: '还没有已知人民币汇率的余额。',
  unknownCount: '{n} 个未知',
  unknownList: '余额未知，未计入（绝不按 0 计）：{labels}',
  perDay: '≈ {amount}/天',
  daysLeft: '约可用 {n} 天',
  noSpendRate: '消耗速度：历史数据还不够',
  withoutRate: '{n} 个账户还没有消耗速度，不计入速度和可用天数',
  specCurrency: '站点未说明货币：按 500,000 点 = ¥1 显示。',
  siteCurrency: '与站点控制台显示一致（{currency}）。',
  rounded: '已四舍五入到最接近的整数点数。',
  tokens: 'tokens',
};
