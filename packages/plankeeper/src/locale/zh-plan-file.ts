import { groupDigits } from '../engine/group-digits.js';
import type { PlanFileTexts } from './plan-file-texts.js';

const SPLIT = '请把已完成的事项移出，或把它拆成两个文件。';

export const zhPlanFile: PlanFileTexts = {
  toolEdit: (tool, file) =>
    `已拒绝：${tool} 会改动计划文件 ${file}，该文件只由计划工具写入。请用计划工具（todo_write、todos_complete 等）修改计划，文件会随之更新。`,
  refusal: (problem) => {
    switch (problem.code) {
      case 'too-many-bytes':
        return `${problem.file} 有 ${groupDigits(problem.bytes)} 字节；计划文件最多 ${groupDigits(problem.limit)} 字节（1 MiB）。${SPLIT}`;
      case 'too-many-items':
        return `${problem.file} 有 ${groupDigits(problem.items)} 项；计划文件最多 ${groupDigits(problem.limit)} 项。${SPLIT}`;
      case 'not-utf8':
        return `${problem.file} 不是 UTF-8 编码；请另存为 UTF-8，plankeeper 随后会重新读取。`;
      case 'read-only':
        return `${problem.file} 是只读的；请改为可写（chmod u+w），plankeeper 才能写入计划。`;
      case 'merge-conflict':
        return `${problem.file} 有未解决的合并冲突（第 ${problem.line} 行）；请解决并保存，plankeeper 随后会重新读取该文件。`;
    }
  },
};
