import { apiCall } from '../../../lib/api-client.ts';
import { TextAnswer } from '../../../lib/download.ts';

/** The export is CSV text, not JSON: the client hands it over as it came. */
export function getSubscribersCsv() {
  return apiCall('/admin/newsletter/subscribers.csv', TextAnswer);
}
