import { useLayoutEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FIELD_VALIDATION_DEBOUNCE_MS } from '@shopper/contract/plain';

/** docs/product.md#profile: validation is live, 300 ms after the last change (and again on submit). */
export function useDebouncedValidation<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  isActive: boolean,
): void {
  const { watch, trigger } = form;
  // A layout effect listens from the moment the form is on screen, so even a change typed in the
  // form's first frame is validated.
  useLayoutEffect(() => {
    if (!isActive) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch((_values, { name }) => {
      if (!name) return;
      clearTimeout(timer);
      timer = setTimeout(() => void trigger(), FIELD_VALIDATION_DEBOUNCE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [watch, trigger, isActive]);
}
