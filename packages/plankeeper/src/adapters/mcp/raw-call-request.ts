/**
 * The tools/call request with its `arguments` exactly as they arrived. The SDK's own
 * schema copies them through a record, and that copy drops a field named `__proto__`
 * (assigning it would set the prototype), so an unknown `__proto__` field passed every
 * check while `"x": {}` was rejected. The plan tools validate the arguments themselves.
 */
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const RawCallToolRequestSchema = CallToolRequestSchema.extend({
  params: CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
});
