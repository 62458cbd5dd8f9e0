import { apiCall, type AnswerSchema } from '../../../lib/api-client.ts';

/** The export is CSV text, not JSON: the client hands it over as it came. */
const CsvText: AnswerSchema<string> = {
  safeParse: (data) => (typeof data === 'string' ? { success: true, data } : { success: false }),
};

export function getSubscribersCsv() {
  return apiCall('/admin/newsletter/subscribers.csv', CsvText);
}
