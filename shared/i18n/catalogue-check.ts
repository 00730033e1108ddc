// Test helper: what makes catalogues of one kind agree (web/src/i18n/messages, functions/lib/i18n).
// Every language has exactly the English catalogue's keys, and each message the same ICU arguments
// (names and kinds), so no language misses a text or drops a value.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** 'name:kind' of every argument of an ICU message, sorted ('count:plural', 'clinic:argument'). */
export function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) found.add(`${el.value}:argument`);
      else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(`${el.value}:${TYPE[el.type]}`);
      else if (el.type === TYPE.plural || el.type === TYPE.select) {
        found.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) {
        found.add(`${el.value}:tag`);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Each difference of `other` from the English catalogue, in words ([] when they agree). */
export function catalogueDifferences(english: Record<string, string>, other: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) problems.push(`missing ${key}`);
    else if (argumentsOf(english[key]).join() !== argumentsOf(other[key]).join())
      problems.push(`${key}: arguments ${argumentsOf(other[key]).join() || 'none'} instead of ${argumentsOf(english[key]).join() || 'none'}`);
  }
  for (const key of Object.keys(other)) if (!(key in english)) problems.push(`unknown ${key}`);
  return problems;
}
