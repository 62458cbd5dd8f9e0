import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

export type FormField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isChanged(field: Element): field is FormField {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'hidden') return false;
    return field.type === 'checkbox' || field.type === 'radio'
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    if (field.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    // A single select with no option marked `selected` in its HTML shows its first.
    return (
      field.selectedIndex !==
      Math.max(
        0,
        options.findLastIndex((option) => option.defaultSelected),
      )
    );
  }
  return false;
}

/**
 * The fields in `root` (or `root` itself) whose state is not the state the page was rendered with.
 * A field's default (`defaultValue`, `defaultChecked`, `defaultSelected`) is what its HTML said.
 */
export function changedFields(root: Element): FormField[] {
  const fields = root.matches('input, select, textarea')
    ? [root]
    : [...root.querySelectorAll('input, select, textarea')];
  return fields.filter(isChanged);
}

/**
 * A server-rendered field can be changed before its part hydrates: a size picked, a box ticked, text
 * typed. React keeps what the field shows but does not report it, since it starts tracking a field
 * from the value it finds there. When the part mounts, this hands the fields the visitor changed to
 * `onChanged`, once, so the part can act as if the change had just been made (decision 039). A part
 * the browser rendered itself has nothing to hand over: its fields show what it rendered.
 */
export function useChangesBeforeHydration(
  ref: RefObject<Element | null>,
  onChanged: (fields: FormField[]) => void,
): void {
  const handOver = useEffectEvent(onChanged);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fields = changedFields(root);
    if (fields.length > 0) handOver(fields);
  }, [ref]);
}
