/**
 * `POST /api/plan/edit`: a person's change to one plan from the page (add, cancel, done,
 * edit text, move, note, approve). It goes through the engine like `plankeeper todos --cancel 2`: checked,
 * written by compare-and-set, recorded as the person's; the store's change stream then
 * brings it to every open page and the model sees it on its next call.
 */
import type { IncomingMessage } from 'node:http';
import {
  decodePlanKey,
  getLocale,
  PlanConflictError,
  PlanEngine,
  type PlanKey,
  type PlanStore,
} from 'plankeeper';
import type { PersonEdit } from 'plankeeper/stores';
import type { PlanEditResponse } from './api-types.js';
import { type DashboardLang, type DashboardTexts, dashboardTexts } from './dashboard-texts.js';

/** A change is a few short fields; anything larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

export type EditAnswer =
  | { status: 200; body: PlanEditResponse }
  | { status: 400 | 409 | 413 | 415 | 503; error: string };

export async function handlePlanEdit(
  request: IncomingMessage,
  store: PlanStore,
  lang: DashboardLang = 'en',
): Promise<EditAnswer> {
  const texts = dashboardTexts(lang);
  // JSON only: a form another site posts cannot set this type without asking first (CORS).
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    return { status: 415, error: texts.editNotJson };
  }
  const text = await readBody(request);
  if (text === undefined) return { status: 413, error: texts.editTooLarge };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, error: texts.editBadJson };
  }
  const read = readEdit(parsed, texts);
  if (typeof read === 'string') return { status: 400, error: read };
  const engine = new PlanEngine({ store, recentPlans: 0 });
  try {
    const outcome = await engine.editAsPerson(
      read.key,
      read.edit,
      read.by === undefined ? {} : { name: read.by },
    );
    if (!outcome.ok) return { status: 409, error: getLocale(lang).person.problem(outcome.problem) };
    return {
      status: 200,
      body: { version: outcome.snapshot.version, items: outcome.snapshot.items },
    };
  } catch (error) {
    if (!PlanConflictError.isInstance(error)) throw error;
    return { status: 503, error: texts.editConflict };
  }
}

/**
 * The request's body, or undefined when it is over MAX_BODY_BYTES. An oversized body is read
 * on and dropped (up to DRAIN_BYTES) rather than cut off: a socket closed under a client
 * still sending resets the connection before it reads the 413.
 */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    if (tooLarge) resolve(undefined);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_BYTES) request.destroy();
      else if (size > MAX_BODY_BYTES && !tooLarge) {
        tooLarge = true;
        resolve(undefined);
      } else if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Most of an oversized body read and dropped before the connection is cut. */
const DRAIN_BYTES = 1024 * 1024;

const FIELDS: Record<PersonEdit['kind'], readonly string[]> = {
  add: ['content', 'after'],
  cancel: ['id', 'reason'],
  done: ['id', 'reason'],
  edit: ['id', 'content'],
  move: ['id', 'before'],
  note: ['id', 'text'],
  approve: [],
};

const REQUIRED: Record<PersonEdit['kind'], readonly string[]> = {
  add: ['content'],
  cancel: ['id'],
  done: ['id'],
  edit: ['id', 'content'],
  move: ['id', 'before'],
  note: ['id', 'text'],
  approve: [],
};

/** The request's key, change and name, or what is wrong with it. */
function readEdit(
  value: unknown,
  texts: DashboardTexts,
): { key: PlanKey; edit: PersonEdit; by?: string } | string {
  if (!isRecord(value) || typeof value.key !== 'string' || !isRecord(value.edit)) {
    return texts.editShape;
  }
  let key: PlanKey;
  try {
    key = decodePlanKey(value.key);
  } catch {
    return texts.notAPlanKey(value.key);
  }
  const edit = value.edit;
  const kind = edit.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELDS, kind)) {
    return texts.editBadKind(Object.keys(FIELDS));
  }
  const allowed = FIELDS[kind as PersonEdit['kind']];
  for (const [field, text] of Object.entries(edit)) {
    if (field === 'kind') continue;
    if (!allowed.includes(field)) return texts.editFieldNotWithKind(field, kind);
    if (typeof text !== 'string') return texts.editFieldNotString(field);
  }
  for (const field of REQUIRED[kind as PersonEdit['kind']]) {
    if (edit[field] === undefined) return texts.editFieldMissing(field);
  }
  if (value.by !== undefined && typeof value.by !== 'string') return texts.editByNotString;
  return {
    key,
    edit: edit as unknown as PersonEdit,
    ...(typeof value.by === 'string' && value.by.trim() !== '' && { by: value.by }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
