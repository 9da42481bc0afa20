import { describe, expect, it } from 'vitest';
import { getLocale } from '../../locale/index.js';
import { isHonestPartial } from './goal-check.js';

// Ordinary answers that contain "cannot", "不能" and the like: they must still get the
// goal check, or a model could skip it by mentioning any refusal in its answer.
const ordinary = {
  en: [
    'Opened software cannot be returned; everything else can within 30 days.',
    "You can't return sale items, but you can exchange them.",
    'Returns are not possible after 30 days. I found the policy in section 4.2.',
    'I cannot recommend the extended warranty: it costs more than a repair.',
    'I did not charge you twice; the second line is a pending hold.',
    'The refund is partly done; the rest arrives in three days.',
  ],
  zh: [
    '拆封的软件不能退货，其余商品 30 天内可以退。',
    '打折商品无法退货，但可以换货。',
    '您不能在 30 天后退货。',
    '您还没有完成退货申请，请先填写表单。',
    '退货需要发票，我已经核对了政策第 4.2 节。',
    '退款已部分完成，余款三天内到账。',
  ],
} as const;

const honest = {
  en: [
    'I could not finish the warranty check: the order system was down.',
    "I couldn't verify the purchase date.",
    'The policy says 30 days. We were unable to reach the shop.',
    'I did not finish the second step.',
    'I only managed to draft the answer; sending it is still open.',
    'This is only partly done: the refund is still pending.',
    'I could not test the parser: there is no test runner here.',
    'Partly done: it could not be compiled here.',
  ],
  zh: [
    '未能完成保修核对：订单系统无法访问。',
    '我没有完成第二步。',
    '政策是 30 天。无法确认购买日期。',
    '只完成了前两项，发送答复还没做。',
    '抱歉，暂时无法访问订单系统。',
    '这项任务只部分完成。',
    '部分完成：无法联系门店，因为没有电话工具。',
  ],
} as const;

describe.each(['en', 'zh'] as const)('isHonestPartial (%s)', (id) => {
  const locale = getLocale(id);
  it.each(ordinary[id])('an ordinary answer is not an honest partial: %s', (answer) => {
    expect(isHonestPartial(answer, locale)).toBe(false);
  });
  it.each(honest[id])('an honest partial statement counts: %s', (answer) => {
    expect(isHonestPartial(answer, locale)).toBe(true);
  });
});
