/**
 * The search box above a resource list: a substring filter whose placeholder is also its accessible
 * name, and `matching`, the filter it drives.
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchBoxProps {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

export function SearchBox({ placeholder, value, onChange, testId }: SearchBoxProps) {
  return (
    <TextInput
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      mb="md"
      w={400}
      maw="100%"
      data-testid={testId}
    />
  );
}

/** Names containing the search text (spec 2 §5: searches are substring matches). */
export function matching<T>(items: readonly T[], search: string, nameOf: (item: T) => string): T[] {
  const text = search.trim().toLowerCase();
  return text === '' ? [...items] : items.filter((item) => nameOf(item).toLowerCase().includes(text));
}
