import { Option } from 'commander';
import type { LocaleId } from 'plankeeper';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

/** `--lang en|zh`: the language of everything the model and the person see. */
export function langOption(): Option {
  return new Option('--lang <lang>', 'language: en or zh').default('en');
}

export function parseLang(value: string | undefined): LocaleId {
  const lang = (value ?? 'en').trim().toLowerCase();
  if (lang === 'en' || lang === 'zh') return lang;
  throw new CliError(`--lang: "${value}" is not supported; use en or zh.`, EXIT.usage);
}
