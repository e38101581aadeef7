import { Button } from './Button';

export interface ActionNoticeProps {
  text: string;
  actionLabel: string;
  onAction(): void;
  className?: string;
  testId?: string;
}

/** A warning that needs the user's attention, with the one action that resolves it (role="alert"). */
export function ActionNotice({ text, actionLabel, onAction, className, testId }: ActionNoticeProps) {
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{text}</p>
      <Button variant="primary" onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
