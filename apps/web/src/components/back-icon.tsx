import { useDirection } from '@mantine/core';
import { IconArrowLeft } from './icons';

/** "Back" points to the start of the line: mirrored in right-to-left reading. */
export function BackIcon() {
  const { dir } = useDirection();
  return (
    <IconArrowLeft
      size={18}
      aria-hidden
      style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
    />
  );
}
