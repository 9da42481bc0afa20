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
 * disconnected reads what it missed from the log by id. A plan write does both only
 * while someone watches (the watchers key, which every subscriber keeps alive; see
 * redis-store.ts): together they are about a third of the server's time per write.
 */
import { LuaScript } from './lua-script.js';

/** ARGV fields per write in {@link compareAndSetScript}, after the shared ones. */
const WRITE_FIELDS = 10;

/**
 * A batch of compare-and-set writes, applied in order in one script call (see
 * shared/group-commit.ts); a single write is a batch of one.
 *
 * KEYS: index, change log, watchers, then per write its plan hash and history list.
 * ARGV: at, history limit, channel, change log length, then per write (WRITE_FIELDS):
 *       expected version, record JSON, total, open, updatedAt, ttl ms ('' = none),
 *       source JSON, key name, expected epoch ('' = any), epoch for a plan without one.
 * Returns three values per write: 1, version, epoch when written; 0, current version, ''
 * when the version or epoch did not match; -1, 0, message when the write failed (its
 * plan or history key of another type), which fails that write alone. Each write checks
 * its own keys before it changes anything (HMGET, then RPUSH before HSET); the shared
 * index and change log are checked once, before the first write.
 *
 * Kept lean, since every call here is server time: the index is touched only when a
 * plan is created (listing prunes names of expired plans, and delete removes its own),
 * PERSIST runs only when the plan had an expiry (the hash keeps its ttl), and the
 * history is trimmed only once it is over its limit.
 */
export const compareAndSetScript = new LuaScript(
  `
local at, limit, channel, logLength = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local watched = redis.call('EXISTS', KEYS[3]) == 1

-- Redis keeps what a script wrote before an error, so the shared keys are checked before
-- any write: a key of another type there fails the whole call with nothing written.
for index, kind in ipairs({'zset', 'stream'}) do
  local found = redis.call('TYPE', KEYS[index]).ok
  if found ~= 'none' and found ~= kind then
    return redis.error_reply('WRONGTYPE ' .. KEYS[index] .. ' holds a ' .. found ..
      ', where plankeeper keeps its ' .. kind .. '; delete it or use another key prefix')
  end
end

local function write(planKey, historyKey, a)
  local stored = redis.call('HMGET', planKey, 'version', 'epoch', 'ttl')
  local current = 0
  if stored[1] then current = tonumber(stored[1]) end
  if current ~= tonumber(ARGV[a + 1]) then return {0, current, ''} end
  local epoch = stored[2]
  if current > 0 and ARGV[a + 9] ~= '' and epoch ~= ARGV[a + 9] then return {0, current, ''} end
  if current == 0 or not epoch then epoch = ARGV[a + 10] end
  local version = current + 1
  local ttl = ARGV[a + 6]
  local revision = '{"version":' .. version .. ',"at":' .. at .. ',"record":' .. ARGV[a + 2] ..
    ',"source":' .. ARGV[a + 7] .. '}'
  -- The history first: a history key of another type fails the write before the plan changes.
  if redis.call('RPUSH', historyKey, revision) > limit then
    redis.call('LTRIM', historyKey, -limit, -1)
  end
  redis.call('HSET', planKey, 'version', version, 'record', ARGV[a + 2], 'total', ARGV[a + 3],
    'open', ARGV[a + 4], 'updated', ARGV[a + 5], 'epoch', epoch, 'ttl', ttl)
  if ttl ~= '' then
    redis.call('PEXPIRE', planKey, ttl)
    redis.call('PEXPIRE', historyKey, ttl)
  elseif stored[3] ~= '' then
    -- Had an expiry, or was written before the hash kept its ttl: make it permanent.
    redis.call('PERSIST', planKey)
    redis.call('PERSIST', historyKey)
  end
  if current == 0 then redis.call('ZADD', KEYS[1], 0, ARGV[a + 8]) end
  if watched then
    local message = '{"key":' .. cjson.encode(ARGV[a + 8]) .. ',"revision":' .. revision .. '}'
    local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', logLength, '*', 'm', message)
    redis.call('PUBLISH', channel, id .. ' ' .. message)
  end
  return {1, version, epoch}
end

local out = {}
for w = 0, (#KEYS - 3) / 2 - 1 do
  local ok, result = pcall(write, KEYS[4 + 2 * w], KEYS[5 + 2 * w], 4 + ${WRITE_FIELDS} * w)
  if not ok then
    local message = result
    if type(result) == 'table' then message = result.err or 'error' end
    result = {-1, 0, tostring(message)}
  end
  out[#out + 1] = result[1]
  out[#out + 1] = result[2]
  out[#out + 1] = result[3]
end
return out
`,
);

/**
 * KEYS: plan hash, history list, index, change log, harness state hash.
 * ARGV: at, source JSON, history limit, key name, channel, change log length.
 * Returns the delete's revision version, or 0 when there was no plan. The key's harness
 * state is deleted either way (see the store contract).
 */
export const deleteScript = new LuaScript(
  `
redis.call('DEL', KEYS[5])
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

/**
 * Compare-and-set of one key's harness state, a hash of its own (version, state) that no
 * plan script reads: a state write changes no plan, history, index or change log.
 *
 * KEYS: state hash. ARGV: expected version, state JSON, ttl ms ('' = none).
 * Returns 1, version when written; 0, current version when the version did not match.
 * A key of another type fails the call before anything is written.
 */
export const compareAndSetStateScript = new LuaScript(`
local found = redis.call('TYPE', KEYS[1]).ok
if found ~= 'none' and found ~= 'hash' then
  return redis.error_reply('WRONGTYPE ' .. KEYS[1] .. ' holds a ' .. found ..
    ', where plankeeper keeps a harness state hash; delete it or use another key prefix')
end
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return {0, current} end
local version = current + 1
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[2])
if ARGV[3] ~= '' then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
else
  redis.call('PERSIST', KEYS[1])
end
return {1, version}
`);
