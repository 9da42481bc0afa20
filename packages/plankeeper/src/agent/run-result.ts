import type { TodoItem } from '../engine/todo-item.js';
import type { ChatMessage, ModelUsage } from './model-client.js';

/** How one user turn ended. A failed run still carries its messages and the plan as it stands. */
export interface RunResult {
  /** The final answer, or null when the turn ended in an error. */
  answer: string | null;
  error: string | null;
  /** What the model received on its last call, followed by its last reply (if any). */
  messages: ChatMessage[];
  /** Every call's input, in order: the whole story of the turn, for debugging. */
  calls: ChatMessage[][];
  plan: TodoItem[];
  /** Model calls made in this turn. */
  steps: number;
  usage: ModelUsage;
}
