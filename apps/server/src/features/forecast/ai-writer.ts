/**
 * Optional writer: an OpenAI-compatible chat endpoint rewrites the built-in analyst's facts into
 * richer prose. Its answer must match the contract's shape and may only state numbers the facts
 * state; anything else is an error, and the caller falls back to the built-in text.
 */
import { AnalysisProseSchema, type AnalysisProse, type Language } from '@sk-tanaw/contract';
import { numberTokens, proseTexts } from './analyst.ts';

export interface AiWriterConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export class AiWriterError extends Error {
  override name = 'AiWriterError';
}

const SYSTEM_PROMPT = [
  'You are a budget analyst for a Sangguniang Kabataan (youth council) in the Philippines.',
  'Rewrite the given analysis facts as clear, specific prose for council officers.',
  'Answer with one JSON object with exactly these keys: summary (string), trends (array of',
  '{type: "positive"|"negative"|"info", title, description}), recommendations (array of {action}),',
  'chartExplanation ({title, description, keyInsights: string[], howToRead: string[]}).',
  'Use only numbers that appear in the facts, written exactly as there; never invent figures.',
].join(' ');

/** What the prompt adds per language: the facts come in that language already. */
const LANGUAGE_INSTRUCTIONS: Record<Language, string> = {
  en: '',
  fil: [
    ' Write every text in Filipino, the natural and respectful Filipino an SK council uses in its',
    'reports (Taglish is fine where councils use the English term, such as budget, forecast,',
    'backtest); keep official terms as they are (SK, KK, PPA, ABYIP, CBYDP, MOOE, PS, CO, LGU).',
    'Keep peso amounts, percents and years exactly as in the facts.',
  ].join(' '),
};

/** The system prompt for one language. */
export const systemPrompt = (lang: Language) => SYSTEM_PROMPT + LANGUAGE_INSTRUCTIONS[lang];

/** Numbers any text may state: the facts' own, plus the interval levels. */
function allowedNumbers(facts: AnalysisProse): Set<string> {
  return new Set(['80', '95', ...proseTexts(facts).flatMap(numberTokens)]);
}

function parseContent(body: unknown): unknown {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
    ?.message?.content;
  if (typeof content !== 'string') {
    throw new AiWriterError('the answer has no message content');
  }
  // Some models wrap JSON in a fenced block.
  const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  try {
    return JSON.parse(json);
  } catch {
    throw new AiWriterError('the message content is not JSON');
  }
}

export async function rewriteWithAi(
  config: AiWriterConfig,
  facts: AnalysisProse,
  context: {
    viewBy: string;
    years: readonly number[];
    forecastYears: readonly number[];
    /** The language to write in; `facts` are in it already. */
    lang: Language;
  },
): Promise<AnalysisProse> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: systemPrompt(context.lang) },
          { role: 'user', content: JSON.stringify({ ...context, facts }) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new AiWriterError(
      timedOut ? 'the AI endpoint timed out' : 'the AI endpoint is unreachable',
    );
  }
  if (!response.ok) {
    throw new AiWriterError(`the AI endpoint answered HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AiWriterError('the AI endpoint did not answer JSON');
  }
  const parsed = AnalysisProseSchema.safeParse(parseContent(body));
  if (!parsed.success) {
    throw new AiWriterError('the AI answer does not match the analysis shape');
  }
  const allowed = allowedNumbers(facts);
  const invented = proseTexts(parsed.data)
    .flatMap(numberTokens)
    .filter((token) => !allowed.has(token));
  if (invented.length > 0) {
    throw new AiWriterError(
      `the AI answer states numbers not in the data (${invented.slice(0, 3).join(', ')})`,
    );
  }
  return parsed.data;
}
