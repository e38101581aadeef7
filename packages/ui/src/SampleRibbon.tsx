/** Marks a page whose content is an example, not the user's data. */
export function SampleRibbon({ children }: { children?: string }) {
  return (
    <p className="ui-sample-ribbon" role="note" data-testid="sample-ribbon">
      {children ?? 'Sample page: the people, dates and numbers here are examples, not your data.'}
    </p>
  );
}
