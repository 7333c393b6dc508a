import './checkbox-choices.css';

export interface CheckboxChoicesProps<Value extends string> {
  label: string;
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  data: readonly { value: Value; label: string }[];
}

/**
 * A few independent choices as native checkboxes in a fieldset, the legend naming them. The
 * search page's filters use it instead of Mantine's Checkbox.Group, whose custom indicator and
 * card variants weighed on the brand's first screen (first-load budget, ADR 029).
 */
export function CheckboxChoices<Value extends string>({
  label,
  value,
  onChange,
  data,
}: CheckboxChoicesProps<Value>) {
  const toggle = (choice: Value, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(choice);
    else chosen.delete(choice);
    onChange(data.map((option) => option.value).filter((option) => chosen.has(option)));
  };
  return (
    <fieldset className="checkbox-choices">
      <legend>{label}</legend>
      <div className="checkbox-choices-options">
        {data.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
