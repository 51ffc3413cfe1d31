// A catalogue text with its values filled in: `{name}` placeholders and, for anything counted,
// an ICU-lite plural, `{count, plural, one {# lesson} other {# lessons}}`, whose form the
// language's plural rules choose (Intl.PluralRules: English 'one' and 'other'; Vietnamese has
// only 'other', so its texts need no plural at all). `=0`-style exact branches win over the rule;
// `#` in a branch is the count. No dependency: the texts use nothing else of ICU MessageFormat.

export type TextParams = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The index of the brace closing the one at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; whole: string }
  | { kind: 'plural'; name: string; whole: string; branches: Map<string, string> };

const PLURAL_HEAD = /^\s*(\w+)\s*,\s*plural\s*,/;

/** `one {…} other {…}` as selector → branch text. */
function branchesOf(body: string): Map<string, string> {
  const branches = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const selector = /^\s*(=\d+|\w+)\s*\{/.exec(body.slice(i));
    if (!selector) break;
    const open = i + selector[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) break;
    branches.set(selector[1] as string, body.slice(open + 1, close));
    i = close + 1;
  }
  return branches;
}

/** A text as plain runs, `{name}` values and plural arguments (anything else stays text). */
function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    const close = open < 0 ? -1 : closingBrace(text, open);
    if (open < 0 || close < 0) {
      parts.push({ kind: 'text', text: text.slice(i) });
      break;
    }
    if (open > i) parts.push({ kind: 'text', text: text.slice(i, open) });
    const inner = text.slice(open + 1, close);
    const whole = text.slice(open, close + 1);
    const plural = PLURAL_HEAD.exec(inner);
    if (/^\w+$/.test(inner)) parts.push({ kind: 'value', name: inner, whole });
    else if (plural) {
      parts.push({
        kind: 'plural',
        name: plural[1] as string,
        whole,
        branches: branchesOf(inner.slice(plural[0].length)),
      });
    } else parts.push({ kind: 'text', text: whole });
    i = close + 1;
  }
  return parts;
}

/** The text with its values; a value not given leaves its placeholder as written. */
export function formatText(text: string, params: TextParams, locale: string): string {
  if (!text.includes('{')) return text;
  return partsOf(text)
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const value = params[part.name];
      if (value === undefined) return part.whole;
      if (part.kind === 'value') return String(value);
      const count = Number(value);
      const branch =
        part.branches.get(`=${count}`) ??
        part.branches.get(pluralCategory(locale, count)) ??
        part.branches.get('other') ??
        '';
      return formatText(branch.replaceAll('#', String(value)), params, locale);
    })
    .join('');
}

/** Every value a text names, plural arguments and the values inside their branches included. */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>();
  for (const part of partsOf(text)) {
    if (part.kind === 'text') continue;
    names.add(part.name);
    if (part.kind === 'plural') {
      for (const branch of part.branches.values()) {
        for (const name of placeholderNames(branch)) names.add(name);
      }
    }
  }
  return [...names].sort();
}
