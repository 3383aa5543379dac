// zh-CN messages: a key's allowance (daily, weekly or monthly; refilled by Keydesk, enforced by the site) or cap.
import type { MessageSchema } from '../en-US';

export const allowance: MessageSchema['allowance'] = {
  title: '额度计划',
  none: '未设置',
  set: '设置…',
  change: '修改',
  remove: '移除',
  save: '保存',
  restart: '重新开始',
  periodLabel: '周期',
  amountLabel: '额度',
  periods: { day: '每天', week: '每周', month: '每月' },
  perPeriod: { day: '每天 {amount}', week: '每周 {amount}', month: '每月 {amount}' },
  capPerPeriod: { day: '上限：每天 {amount}', week: '上限：每周 {amount}', month: '上限：每月 {amount}' },
  refillHint:
    '每个周期开始时，Keydesk 把密钥的剩余额度设为这个数（一次读取、一次写入），由站点自己在额度用完时停住密钥，Keydesk 关闭时也一样。保存新的额度计划会立即补充一次。',
  capHint:
    '这个密钥是无限额度：一个周期内消耗达到这个数时 Keydesk 会停用它，并在下一个周期启用。只在 Keydesk 运行时有效，并会为该账户开启“跟踪每个密钥的消耗”（每 5 分钟读取一次密钥列表）。',
  zone: '周期从 {zone} 的零点开始；每周从周一开始。',
  changeNote: '修改从下一个周期开始生效：本周期的补充保持不变。',
  nextRefill: '下次补充：{when}',
  nextPeriod: '下个周期：{when}',
  pending: '已发出一次补充；再次发送之前会先从密钥读取它的结果。',
  runsOn: '由「{device}」执行：那台电脑负责补充和上限，这台不会。',
  runsNowhere: '没有电脑在执行：原先执行它的电脑已退出同步。点击「在此运行」改由这台电脑执行。',
  runHere: '在此运行',
  held: '本周期已达上限，已停用。',
  spent: '本周期已消耗：{amount}',
  spentUnknown: '本周期已消耗：尚未读取',
  stopped: {
    edited_elsewhere:
      '已停止：密钥的额度在别处被修改（手动、在站点上或在 Keydesk 中），Keydesk 不会覆盖那次修改。重新开始后会以密钥当前的状态为起点。',
    made_unlimited: '已停止：密钥已改为无限额度。请改为设置上限，或改回有限额度后重新开始。',
    made_limited: '已停止：密钥已不再是无限额度。请改为设置额度计划。',
    deleted: '已停止：密钥已被删除。',
    rotated: '轮换时已移到新密钥。',
  },
  history: '记录',
  noHistory: '暂无记录。',
  events: {
    refill: '从 {from} 补充到 {to}',
    enabled: '已重新启用',
    disabled: '达到上限后停用（已消耗 {from}）',
    stopped: '已停止',
  },
};
