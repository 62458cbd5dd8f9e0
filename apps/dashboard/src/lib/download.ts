import type { AnswerSchema } from './api-client.ts';

/**
 * Files the API answers as text (CSV exports), handed over as they came. They are fetched with the
 * session's token like any call: a plain link would not carry it.
 */
export const TextAnswer: AnswerSchema<string> = {
  safeParse: (data) => (typeof data === 'string' ? { success: true, data } : { success: false }),
};

/** Gives the browser the text as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
