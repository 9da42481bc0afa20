import type { PlanFileTexts } from './plan-file-texts.js';

export const zhPlanFile: PlanFileTexts = {
  toolEdit: (tool, file) =>
    `已拒绝：${tool} 会改动计划文件 ${file}，该文件只由计划工具写入。请用计划工具（todo_write、todos_complete 等）修改计划，文件会随之更新。`,
};
