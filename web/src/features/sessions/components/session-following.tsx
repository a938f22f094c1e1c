import Checkbox from '@cloudscape-design/components/checkbox';

/**
 * The edit form's "this and following" for a session of a series (docs/decisions/0067-edit-this-and-following.md):
 * the later open sessions move with it by the same days to its new time, with its dog, duration and type.
 */
export function FollowingField({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Checkbox
      checked={checked}
      onChange={({ detail }) => onChange(detail.checked)}
      disabled={disabled}
      description="They move by as many days as this one, to its new time, with its dog, duration and type. Notes and homework stay each session's own."
    >
      Also change the later sessions of this series
    </Checkbox>
  );
}
