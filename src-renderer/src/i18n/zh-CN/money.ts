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
  noneCounted: '还没有已知人民币汇率的余额。',
  specCurrency: '站点未说明货币：按 500,000 点 = ¥1 显示。',
  siteCurrency: '与站点控制台显示一致（{currency}）。',
  rounded: '已四舍五入到最接近的整数点数。',
  tokens: 'tokens',
};
