import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../engine/errors.js';
import {
  DISCIPLINE_PRESETS,
  type Discipline,
  disciplineForModel,
  MODEL_DISCIPLINES,
} from './presets.js';
import { applyDiscipline } from './resolve-discipline.js';

describe('applyDiscipline', () => {
  it('fills in the preset where the host set nothing', () => {
    expect(applyDiscipline({ discipline: 'strict' })).toEqual({
      discipline: 'strict',
      injection: { whenUnchanged: 'full', whenJustWritten: 'full' },
      nudge: { after: 2 },
      finishCheck: true,
      goalCheck: true,
      evidence: 'warn',
    });
    // The host's own evidence rule wins over the preset's.
    expect(applyDiscipline({ discipline: 'strict', evidence: 'enforce' }).evidence).toBe('enforce');
  });

  it("lets the host's own options win, laying its objects over the preset's", () => {
    expect(
      applyDiscipline({
        discipline: 'light',
        injection: { placement: 'history' },
        nudge: false,
        goalCheck: false,
      }),
    ).toEqual({
      discipline: 'light',
      injection: { whenUnchanged: 'omit', placement: 'history' },
      nudge: false,
      finishCheck: true,
      goalCheck: false,
      evidence: 'off',
    });
    expect(applyDiscipline({ discipline: 'light', nudge: { after: 9 } }).nudge).toEqual({
      after: 9,
      onlyWhileOpen: true,
    });
  });

  it('changes nothing without a discipline', () => {
    const options = { goalCheck: false };
    expect(applyDiscipline(options)).toBe(options);
  });

  it('refuses an unknown preset, naming the known ones', () => {
    expect(() => applyDiscipline({ discipline: 'loose' as Discipline })).toThrow(
      ConfigurationError,
    );
    expect(() => applyDiscipline({ discipline: 'loose' as Discipline })).toThrow(
      'discipline must be one of light, standard, strict, got "loose".',
    );
  });

  it('keeps every preset on the finish check and names an evidence rule for each', () => {
    for (const preset of Object.values(DISCIPLINE_PRESETS)) expect(preset.finishCheck).toBe(true);
    expect(Object.values(DISCIPLINE_PRESETS).map((preset) => preset.evidence)).toEqual([
      'off',
      'off',
      'warn',
    ]);
  });
});

describe('disciplineForModel', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', 'light'],
    ['claude-opus-4-1', 'light'],
    ['openai:gpt-5', 'light'],
    ['gpt-5.1', 'light'],
    ['openai:o3', 'light'],
    ['gemini-2.5-pro', 'light'],
    ['openai:gpt-5-mini', 'strict'],
    ['gpt-4o-mini', 'strict'],
    ['o4-mini', 'strict'],
    ['claude-3-5-haiku-latest', 'strict'],
    ['gemini-2.0-flash-lite', 'strict'],
    ['ollama:qwen2.5:7b', 'strict'],
    ['llama-3.1-8b-instruct', 'strict'],
    ['qwen2.5-14b', 'strict'],
    ['gpt-4o', 'standard'],
    ['deepseek-chat', 'standard'],
    ['qwen2.5-72b-instruct', 'standard'],
    ['glm-4.6', 'standard'],
    ['behaviour:diligent', 'standard'],
  ])('%s → %s', (model, discipline) => {
    expect(disciplineForModel(model)).toBe(discipline);
  });

  it('takes a host table, first match first', () => {
    const table = [{ pattern: /^my-model$/, discipline: 'strict' as const }, ...MODEL_DISCIPLINES];
    expect(disciplineForModel('my-model', table)).toBe('strict');
    expect(disciplineForModel('gpt-5', table)).toBe('light');
  });
});
