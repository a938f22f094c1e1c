import Input, { type InputProps } from '@cloudscape-design/components/input';

/**
 * A date field with the device's own date picker (a phone's date wheel, a desktop browser's calendar)
 * instead of typed text. Its value is YYYY-MM-DD, empty while incomplete, so the forms' rules and texts
 * stay as they are. `max` / `min` (YYYY-MM-DD) bound what the picker offers; the forms still check them.
 */
export function DateInput({
  max,
  min,
  ...props
}: Omit<InputProps, 'type' | 'nativeInputAttributes'> & { max?: string; min?: string }) {
  return <Input {...props} nativeInputAttributes={{ type: 'date', max, min }} />;
}
