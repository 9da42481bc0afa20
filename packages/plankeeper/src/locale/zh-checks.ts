import { type CheckTexts, quotedOutput, seconds } from './check-texts.js';

const how = (result: Parameters<CheckTexts['summary']>[0]) => {
  switch (result.outcome) {
    case 'passed':
      return `退出码 0，用时 ${seconds(result.durationMs)} 秒`;
    case 'failed':
      return typeof result.exit === 'number'
        ? `退出码 ${result.exit}，用时 ${seconds(result.durationMs)} 秒`
        : `${seconds(result.durationMs)} 秒后被 ${result.exit} 终止`;
    case 'timed-out':
      return `${seconds(result.durationMs)} 秒后超时`;
    case 'cannot-start':
      return '无法启动';
  }
};

export const zhChecks: CheckTexts = {
  refused: (result, refusal, max) =>
    `还不能结束：你的改动之后，检查命令 \`${result.command}\` 未通过（${how(result)}）。${result.tail ? `最后几行输出：\n${quotedOutput(result.tail)}` : ''}\n请修复问题后再答复。（第 ${refusal}/${max} 次拒绝；你答复时检查会再次运行。）`,
  stillFailing: (result, max) =>
    `plankeeper：检查命令 \`${result.command}\` 仍未通过（${how(result)}）；已拒绝 ${max} 次，代理的答复已放行。`,
  cannotStart: (result) =>
    `plankeeper：检查命令 \`${result.command}\` 无法启动${result.tail ? `（${result.tail.split('\n')[0]}）` : ''}；在修正配置之前它不会拦截任何答复。`,
  summary: (result) => `${result.command} → ${how(result)}`,
  goalCheck: (task, last) =>
    `收尾前，请对照原始请求逐条核对你的答复：\n${task}\n用户的检查命令最近一次结果：\`${last.command}\` → ${how(last)}。有遗漏就现在补上。确实做不到的部分，请明确说明是什么、为什么。否则请重复你的最终答复。`,
};
