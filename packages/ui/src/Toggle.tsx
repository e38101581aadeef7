import * as TogglePrimitive from '@radix-ui/react-toggle';
import type { ReactNode } from 'react';

export interface ToggleProps {
  pressed: boolean;
  onPressedChange(pressed: boolean): void;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
  title?: string;
  'data-testid'?: string;
}

/**
 * A two-state button (Radix Toggle): aria-pressed and data-state follow `pressed`, and the on-state is
 * drawn (filled, with a dot), so the state is seen as well as announced.
 */
export function Toggle({ pressed, onPressedChange, children, className, ...rest }: ToggleProps) {
  return (
    <TogglePrimitive.Root
      pressed={pressed}
      onPressedChange={onPressedChange}
      className={className ? `ui-toggle ${className}` : 'ui-toggle'}
      {...rest}
    >
      {children}
    </TogglePrimitive.Root>
  );
}
