import { z } from 'zod';
import { OrderSchema } from './checkout.ts';

/** POST /api/payment/order/{id}/cancel: the cancelled order, and what happened to the money in words. */
export const CancelOrderAnswerSchema = z.object({ success: z.literal(true), message: z.string(), order: OrderSchema });
export type CancelOrderAnswer = z.infer<typeof CancelOrderAnswerSchema>;
