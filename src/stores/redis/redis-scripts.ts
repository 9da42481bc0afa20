/**
 * The Lua scripts that make each Redis write atomic: the version check, the record, its
 * expiry, the bounded revision list, the listing index and the change message all happen
 * in one script, so no other client ever sees half of a write.
 *
 * Revisions are assembled by string concatenation rather than cjson: cjson turns an
 * empty array into `{}` and rounds large numbers, and the record must come back byte
 * for byte as it went in.
 *
 * Each change is appended to a capped stream (the change log) and published as
 * "<stream id> <message>": pub/sub delivers it at once, and a subscriber that was
 * disconnected reads what it missed from the log by id.
 */
import { LuaScript } from './lua-script.js';

/**
 * KEYS: plan hash, history list, index, change log.
 * ARGV: expected version, record JSON, total, open, updatedAt, ttl ms ('' = none),
 *       at, source JSON, history limit, key name, channel, change log length,
 *       expected epoch ('' = any), epoch for a plan that has none yet.
 * Returns {1, version, epoch} when written, {0, current version} when the version or
 * epoch did not match. A plan written before epochs existed gets one on its next write.
 */
export const compareAndSetScript = new LuaScript(
  `
local stored = redis.call('HMGET', KEYS[1], 'version', 'epoch')
local current = 0
if stored[1] then current = tonumber(stored[1]) end
if current ~= tonumber(ARGV[1]) then return {0, current} end
local epoch = stored[2]
if current > 0 and ARGV[13] ~= '' and epoch ~= ARGV[13] then return {0, current} end
if current == 0 or not epoch then epoch = ARGV[14] end
local version = current + 1
redis.call('HSET', KEYS[1], 'version', version, 'record', ARGV[2], 'total', ARGV[3],
  'open', ARGV[4], 'updated', ARGV[5], 'epoch', epoch)
local revision = '{"version":' .. version .. ',"at":' .. ARGV[7] .. ',"record":' .. ARGV[2] ..
  ',"source":' .. ARGV[8] .. '}'
redis.call('RPUSH', KEYS[2], revision)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[9]), -1)
if ARGV[6] == '' then
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[6])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
redis.call('ZADD', KEYS[3], 0, ARGV[10])
local message = '{"key":' .. cjson.encode(ARGV[10]) .. ',"revision":' .. revision .. '}'
local id = redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[12], '*', 'm', message)
redis.call('PUBLISH', ARGV[11], id .. ' ' .. message)
return {1, version, epoch}
`,
);

/**
 * KEYS: plan hash, history list, index, change log.
 * ARGV: at, source JSON, history limit, key name, channel, change log length.
 * Returns the delete's revision version, or 0 when there was no plan.
 */
export const deleteScript = new LuaScript(
  `
local stored = redis.call('HGET', KEYS[1], 'version')
if not stored then
  redis.call('ZREM', KEYS[3], ARGV[4])
  return 0
end
local version = tonumber(stored) + 1
redis.call('DEL', KEYS[1])
local revision = '{"version":' .. version .. ',"at":' .. ARGV[1] .. ',"record":null,"source":' ..
  ARGV[2] .. '}'
redis.call('RPUSH', KEYS[2], revision)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('ZREM', KEYS[3], ARGV[4])
local message = '{"key":' .. cjson.encode(ARGV[4]) .. ',"revision":' .. revision .. '}'
local id = redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[6], '*', 'm', message)
redis.call('PUBLISH', ARGV[5], id .. ' ' .. message)
return version
`,
);

/**
 * KEYS: index, then the plan hash of each candidate. ARGV: the candidates' key names.
 * Drops index entries whose plan has expired, checking again inside the script so a
 * plan rewritten since the caller looked keeps its entry.
 */
export const pruneIndexScript = new LuaScript(`
local removed = 0
for index = 2, #KEYS do
  if redis.call('EXISTS', KEYS[index]) == 0 then
    removed = removed + redis.call('ZREM', KEYS[1], ARGV[index - 1])
  end
end
return removed
`);
