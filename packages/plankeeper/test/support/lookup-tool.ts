import type { ToolDefinition } from 'plankeeper';

/** A minimal business tool: answers any query with a fixed passage. */
export const lookupTool: ToolDefinition = {
  name: 'lookup',
  description: 'Look something up.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  async execute(args) {
    const query = typeof args === 'string' ? args : String((args as { query?: string }).query);
    return { ok: true, text: `Found: ${query}`, data: { query }, title: 'lookup' };
  },
};

export const lookup = (query = 'x') => ({ tool: 'lookup', args: { query } });

export const write = (...todos: [content: string, status: string][]) => ({
  tool: 'todo_write',
  args: { todos: todos.map(([content, status]) => ({ content, status })) },
});
