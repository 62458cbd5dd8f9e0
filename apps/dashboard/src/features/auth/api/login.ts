import { AuthAnswerSchema, type LoginBody } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export function login(body: LoginBody) {
  return apiCall('/users/login', AuthAnswerSchema, { method: 'POST', body });
}
